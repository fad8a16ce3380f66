import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useDataSaver } from '../../../lib/data-saver';
import { renderScreen } from '../../../testing/render';
import { LanguageCurrencyPage } from './language-currency-page';

// Another reader of the setting, as the map's street tiles are.
function Reader() {
  const [on] = useDataSaver();
  return <p data-testid="reader">{on ? 'saving' : 'full'}</p>;
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the data saver switch', () => {
  it('is off by default, applies at once to every reader and is remembered', () => {
    renderScreen(
      '/settings',
      <>
        <LanguageCurrencyPage title="Language & Currency" />
        <Reader />
      </>,
    );
    const box = screen.getByRole('checkbox', { name: 'Save mobile data' });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('reader').textContent).toBe('full');

    fireEvent.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('reader').textContent).toBe('saving');
    cleanup();

    renderScreen('/settings', <LanguageCurrencyPage title="Language & Currency" />);
    expect((screen.getByRole('checkbox', { name: 'Save mobile data' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Save mobile data' }));
    expect(localStorage.getItem('dataSaver')).toBeNull();
  });
});
