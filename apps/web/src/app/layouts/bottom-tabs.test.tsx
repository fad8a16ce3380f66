import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import '../../testing/render';
import { BottomTabs } from './bottom-tabs';

const renderTabs = (signedIn: boolean) =>
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <BottomTabs signedIn={signedIn} />
    </MemoryRouter>,
  );
const tabs = () => within(screen.getByRole('navigation', { name: 'Quick links' }));

afterEach(cleanup);

describe('the bottom tabs on a phone', () => {
  it('gives a signed-in user Map, List, Post and Orders', () => {
    renderTabs(true);
    expect(tabs().getByRole('link', { name: 'Map' }).getAttribute('href')).toBe('/dashboard');
    expect(tabs().getByRole('link', { name: 'List' }).getAttribute('href')).toBe('/suppliers');
    expect(tabs().getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/myorders');
    const post = tabs().getByRole('button', { name: 'Post' });
    expect(post.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(post);
    expect(post.getAttribute('aria-expanded')).toBe('true');
    expect(tabs().getByRole('link', { name: 'Post a need' }).getAttribute('href')).toBe('/needsolutionForm');
    expect(tabs().getByRole('link', { name: 'Post an offer' }).getAttribute('href')).toBe('/providesolutionForm');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(post.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps SPEC 2.2 for a visitor: Home and Login', () => {
    renderTabs(false);
    expect(
      tabs()
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Login', '/login'],
    ]);
  });
});
