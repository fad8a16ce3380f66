import { describe, expect, it } from 'vitest';
import { bookingInterval, daysOf, fits, takenRanges, unitOfLabel, type Interval } from './bookings.js';

const DAY = 86_400_000;
const at = (date: string) => Date.parse(`${date}T00:00:00Z`);
/** Plain dates, both counted, as the interval a per-day booking holds. */
const days = (from: string, to: string): Interval => ({ start: at(from), end: at(to) + DAY });

const units = (unit: Parameters<typeof bookingInterval>[0], from: string, to: string) => {
  const result = bookingInterval(unit, from, to);
  if (!result.ok) throw new Error(`${from}..${to}: ${result.reason}`);
  return result.units;
};

describe('how many units a booking is (D-33)', () => {
  it('counts both days of a per-day booking: the 5th to the 6th is 2 days, one day alone is 1', () => {
    expect(units('day', '2026-03-05', '2026-03-06')).toBe(2);
    expect(units('day', '2026-03-05', '2026-03-05')).toBe(1);
    expect(bookingInterval('day', '2026-03-05', '2026-03-06')).toMatchObject({
      ok: true,
      interval: { start: at('2026-03-05'), end: at('2026-03-07') },
    });
  });

  it('counts the nights between arriving and leaving: the 5th to the 7th is 2 nights', () => {
    expect(units('night', '2026-03-05', '2026-03-07')).toBe(2);
    expect(bookingInterval('night', '2026-03-05', '2026-03-07')).toMatchObject({
      interval: { start: at('2026-03-05'), end: at('2026-03-07') },
    });
    // Leaving the day one arrives is no night at all.
    expect(bookingInterval('night', '2026-03-05', '2026-03-05')).toEqual({
      ok: false,
      field: 'to',
      reason: 'Must be after the start',
    });
  });

  it('counts started hours between two date-times, read as UTC unless they name their offset', () => {
    expect(units('hour', '2026-03-05T08:00', '2026-03-05T11:00')).toBe(3);
    expect(units('hour', '2026-03-05T08:00', '2026-03-05T11:30')).toBe(4);
    expect(units('hour', '2026-03-05T08:00+01:00', '2026-03-05T08:00Z')).toBe(1);
    // A plain date is not a time of day.
    expect(bookingInterval('hour', '2026-03-05', '2026-03-06')).toMatchObject({ ok: false, field: 'from' });
  });

  it('counts months, a started month as one: March alone is 1, a month and a day is 2', () => {
    expect(units('month', '2026-03-01', '2026-03-31')).toBe(1);
    expect(units('month', '2026-03-01', '2026-03-10')).toBe(1);
    expect(units('month', '2026-01-01', '2026-02-01')).toBe(2);
  });

  it("charges March and April as 2 months and a whole year as 12, whatever the months' lengths", () => {
    expect(units('month', '2026-03-01', '2026-04-30')).toBe(2);
    expect(units('month', '2026-07-01', '2026-08-31')).toBe(2);
    expect(units('month', '2026-02-01', '2026-03-31')).toBe(2);
    expect(units('month', '2026-01-01', '2026-12-31')).toBe(12);
    expect(units('month', '2026-01-15', '2026-02-14')).toBe(1);
    expect(units('month', '2026-01-15', '2026-02-15')).toBe(2);
  });

  it('refuses dates that do not exist, naming the field: 2026-02-30, month 13, a time on a day', () => {
    expect(bookingInterval('day', '2026-02-30', '2026-03-02')).toEqual({
      ok: false,
      field: 'from',
      reason: 'Invalid date',
    });
    expect(bookingInterval('day', '2026-02-27', '2026-02-30')).toEqual({
      ok: false,
      field: 'to',
      reason: 'Invalid date',
    });
    expect(bookingInterval('night', '2026-13-01', '2026-13-02')).toMatchObject({ ok: false, field: 'from' });
    expect(bookingInterval('day', '2026-03-05T10:00', '2026-03-06')).toMatchObject({ ok: false, field: 'from' });
    expect(bookingInterval('hour', '2026-03-05T25:00', '2026-03-06T01:00')).toMatchObject({ ok: false, field: 'from' });
    // 2028 is a leap year: its 29 February exists.
    expect(units('day', '2028-02-29', '2028-02-29')).toBe(1);
  });

  it('refuses an end before the start, and a booking longer than a year of days', () => {
    expect(bookingInterval('day', '2026-03-06', '2026-03-05')).toEqual({
      ok: false,
      field: 'to',
      reason: 'Must be after the start',
    });
    expect(units('day', '2026-01-01', '2027-01-01')).toBe(366);
    expect(bookingInterval('day', '2026-01-01', '2027-01-02')).toEqual({ ok: false, field: 'to', reason: 'Too long' });
    expect(bookingInterval('hour', '2026-01-01T00:00', '2026-02-02T00:00')).toMatchObject({
      ok: false,
      reason: 'Too long',
    });
  });

  it('lists every day an interval touches, for the calendar', () => {
    expect(daysOf(days('2026-03-30', '2026-04-01'))).toEqual(['2026-03-30', '2026-03-31', '2026-04-01']);
    expect(daysOf({ start: at('2026-03-05') + 20 * 3_600_000, end: at('2026-03-06') + 2 * 3_600_000 })).toEqual([
      '2026-03-05',
      '2026-03-06',
    ]);
  });
});

describe('whether a booking fits beside the others (D-33)', () => {
  const held = days('2026-03-05', '2026-03-06');

  it('with capacity 1: refuses any overlap, and takes a booking starting the day the other ends', () => {
    expect(fits(days('2026-03-06', '2026-03-07'), [held], 1)).toBe(false);
    expect(fits(days('2026-03-01', '2026-03-10'), [held], 1)).toBe(false);
    expect(fits(days('2026-03-05', '2026-03-06'), [held], 1)).toBe(false);
    // Back to back on either side: per day the next free day, per night the day of leaving.
    expect(fits(days('2026-03-07', '2026-03-08'), [held], 1)).toBe(true);
    expect(fits(days('2026-03-03', '2026-03-04'), [held], 1)).toBe(true);
    const night = { start: at('2026-03-05'), end: at('2026-03-07') };
    expect(fits({ start: at('2026-03-07'), end: at('2026-03-09') }, [night], 1)).toBe(true);
    expect(fits({ start: at('2026-03-04'), end: at('2026-03-05') }, [night], 1)).toBe(true);
    expect(fits(held, [], 1)).toBe(true);
  });

  it('with capacity 2: takes a second overlapping booking, not a third', () => {
    expect(fits(days('2026-03-06', '2026-03-08'), [held], 2)).toBe(true);
    expect(fits(days('2026-03-06', '2026-03-08'), [held, days('2026-03-06', '2026-03-06')], 2)).toBe(false);
  });

  it('with capacity 2: takes a long booking across two that never overlap each other', () => {
    const first = days('2026-03-05', '2026-03-06');
    const second = days('2026-03-07', '2026-03-08');
    expect(fits(days('2026-03-01', '2026-03-10'), [first, second], 2)).toBe(true);
    expect(fits(days('2026-03-01', '2026-03-10'), [first, second], 1)).toBe(false);
    // Three held back to back with a fourth over them: the load never goes above 2.
    const third = days('2026-03-09', '2026-03-09');
    expect(fits(days('2026-03-05', '2026-03-09'), [first, second, third, days('2026-03-01', '2026-03-04')], 2)).toBe(
      true,
    );
  });

  it('never fits anything when the capacity is 0', () => {
    expect(fits(held, [], 0)).toBe(false);
  });
});

describe('which days are taken (D-33)', () => {
  it('merges consecutive full days into ranges and never says who holds them', () => {
    const ranges = takenRanges([days('2026-03-05', '2026-03-06'), days('2026-03-07', '2026-03-07')], 1);
    expect(ranges).toEqual([{ from: '2026-03-05', to: '2026-03-07' }]);
  });

  it('keeps separate ranges apart, in date order', () => {
    expect(takenRanges([days('2026-03-10', '2026-03-10'), days('2026-03-05', '2026-03-06')], 1)).toEqual([
      { from: '2026-03-05', to: '2026-03-06' },
      { from: '2026-03-10', to: '2026-03-10' },
    ]);
  });

  it('with capacity 2, shows only the days on which two bookings meet', () => {
    const held = [days('2026-03-05', '2026-03-07'), days('2026-03-07', '2026-03-09')];
    expect(takenRanges(held, 2)).toEqual([{ from: '2026-03-07', to: '2026-03-07' }]);
    expect(takenRanges([days('2026-03-05', '2026-03-07')], 2)).toEqual([]);
    expect(takenRanges([], 1)).toEqual([]);
  });

  it('crosses the end of a month', () => {
    expect(takenRanges([days('2026-02-27', '2026-03-02')], 1)).toEqual([{ from: '2026-02-27', to: '2026-03-02' }]);
  });
});

describe('the unit a catalogue label names (D-33)', () => {
  it.each([
    ['Tractor (per day)', 'day'],
    ['Room per night', 'night'],
    ['Meeting room, per hour', 'hour'],
    ['Warehouse (PER MONTH)', 'month'],
  ])('reads "%s" as priced per %s', (label, unit) => {
    expect(unitOfLabel(label)).toBe(unit);
  });

  it.each(['Tractor', 'Tracteur (par jour)', 'Paper days', 'Delivery per kilometre', 'per dayshift'])(
    'finds no unit in "%s"',
    (label) => {
      expect(unitOfLabel(label)).toBeNull();
    },
  );
});
