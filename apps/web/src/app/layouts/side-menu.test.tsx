import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../testing/render';
import { SideMenu } from './side-menu';

const renderMenu = (props: { drawer: boolean; open: boolean }) => {
  const menu = (p: typeof props) => (
    <MemoryRouter initialEntries={['/dashboard']}>
      <SideMenu signedIn {...p} collapsed={false} onAction={() => undefined} onNavigate={() => undefined} />
    </MemoryRouter>
  );
  const view = render(menu(props));
  return { rerender: (next: typeof props) => view.rerender(menu(next)) };
};
const home = () => screen.queryByRole('link', { name: 'Home', hidden: true });

afterEach(cleanup);

describe('the side menu', () => {
  it('lists its items at once as a side bar', () => {
    renderMenu({ drawer: false, open: false });
    expect(home()?.getAttribute('href')).toBe('/dashboard');
  });

  it("on a phone, gets the drawer's items when it first opens, and keeps them when it closes", async () => {
    const { rerender } = renderMenu({ drawer: true, open: false });
    expect(home()).toBeNull();
    rerender({ drawer: true, open: true });
    await screen.findByRole('link', { name: 'Home' });
    rerender({ drawer: true, open: false });
    expect(home()?.getAttribute('href')).toBe('/dashboard');
  });
});
