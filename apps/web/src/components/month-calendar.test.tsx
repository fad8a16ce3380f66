import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../testing/render';
import { daysIn, MonthCalendar } from './month-calendar';

afterEach(cleanup);

// D-33: Binta's booking of the 3rd and 4th; the owner blocked the 10th.
const taken = [{ from: '2026-12-03', to: '2026-12-04' }];
const show = (blocked: { from: string; to: string }[] = []) =>
  renderScreen('/', <MonthCalendar taken={taken} blocked={blocked} today="2026-12-01" />);

/** The cell of a day of the month shown, by the number it shows. */
const cellOf = (table: HTMLElement, day: number) =>
  within(table)
    .getAllByRole('cell')
    .find((cell) => cell.querySelector('[aria-hidden="true"]')?.textContent === String(day))!;

/** The key under the table: its coloured squares and their words. */
const legend = () => screen.getByText(/^Taken(?! and free)/);

describe('the month calendar (D-33)', () => {
  it('is a table with a caption, a row of weekdays from Monday, and the days of the month', () => {
    show();
    const table = screen.getByRole('table', { name: 'Taken and free days, December 2026' });
    const weekdays = within(table).getAllByRole('columnheader');
    expect(weekdays.map((th) => th.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // 1 December 2026 is a Tuesday: Monday's cell of the first week is empty.
    expect(within(table).getAllByRole('row')[1]!.querySelector('td')!.textContent).toBe('');
    expect(within(table).getAllByText(/December 2026: /)).toHaveLength(31);
  });

  it('reads each day for a screen reader with its full date and whether it is taken, never by whom', () => {
    show([{ from: '2026-12-10', to: '2026-12-10' }]);
    const table = screen.getByRole('table');
    expect(cellOf(table, 3).textContent).toMatch(/3 December 2026: taken$/);
    expect(cellOf(table, 4).textContent).toMatch(/4 December 2026: taken$/);
    expect(cellOf(table, 5).textContent).toMatch(/5 December 2026: free$/);
    expect(cellOf(table, 10).textContent).toMatch(/10 December 2026: blocked by you$/);
    expect(legend()).toHaveTextContent(/Blocked by you/);
  });

  it('has no key for blocked days when none are blocked', () => {
    show();
    expect(legend()).toHaveTextContent(/^Taken\s*Free$/);
    expect(legend()).not.toHaveTextContent(/Blocked by you/);
  });

  it('goes to the next and previous month by keyboard, never before this month', async () => {
    const user = userEvent.setup();
    show();
    const previous = screen.getByRole('button', { name: 'Previous month' });
    expect(previous).toBeDisabled();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('table', { name: 'Taken and free days, January 2027' })).toBeInTheDocument();
    expect(screen.queryByText(/: taken$/)).toBeNull();
    await user.keyboard(' ');
    expect(screen.getByRole('table', { name: 'Taken and free days, February 2027' })).toBeInTheDocument();

    expect(previous).toBeEnabled();
    await user.tab({ shift: true });
    expect(previous).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('table', { name: 'Taken and free days, December 2026' })).toBeInTheDocument();
    expect(previous).toBeDisabled();
  });
});

describe('daysIn', () => {
  it('counts both ends of each range, across a month', () => {
    expect([...daysIn([{ from: '2026-11-29', to: '2026-12-02' }])]).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
  });
});
