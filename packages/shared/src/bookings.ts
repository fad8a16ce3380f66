// D-33: what is rented is booked by date. A booking is a half-open interval of time; its units are
// what the price is multiplied by. `from` and `to` are plain dates that both count (a per-day
// booking from the 5th to the 6th is 2 days); for `night` the units are the nights between them
// (`to` is the day of leaving); for `hour` they are date-times.
export const BOOKING_UNITS = ['day', 'night', 'hour', 'month'] as const;
export type BookingUnit = (typeof BOOKING_UNITS)[number];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Longest booking accepted, per unit, so a request cannot hold a calendar for years. */
export const MAX_BOOKING_DAYS: Record<BookingUnit, number> = { day: 366, night: 366, hour: 31, month: 731 };

/** The unit a catalogue label names ("Tractor (per day)", "Room per night"), if any. */
export function unitOfLabel(label: string): BookingUnit | null {
  const match = /\bper (day|night|hour|month)\b/i.exec(label);
  return match ? (match[1]!.toLowerCase() as BookingUnit) : null;
}

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** Milliseconds of a plain date (UTC midnight) or a date-time; NaN when neither. */
function timeOf(value: string, unit: BookingUnit): number {
  if (unit === 'hour') {
    if (!DATE_TIME.test(value)) return Number.NaN;
    return Date.parse(/Z|[+-]\d{2}:\d{2}$/.test(value) ? value : `${value}Z`);
  }
  if (!PLAIN_DATE.test(value)) return Number.NaN;
  const ms = Date.parse(`${value}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over; refuse dates that do not exist.
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value ? Number.NaN : ms;
}

export interface Interval {
  /** Inclusive start, ms. */
  start: number;
  /** Exclusive end, ms. */
  end: number;
}

/** The time a booking holds, or a reason it is not a booking. */
export function bookingInterval(
  unit: BookingUnit,
  from: string,
  to: string,
): { ok: true; interval: Interval; units: number } | { ok: false; field: 'from' | 'to'; reason: string } {
  const start = timeOf(from, unit);
  if (Number.isNaN(start))
    return { ok: false, field: 'from', reason: unit === 'hour' ? 'Invalid date-time' : 'Invalid date' };
  const last = timeOf(to, unit);
  if (Number.isNaN(last))
    return { ok: false, field: 'to', reason: unit === 'hour' ? 'Invalid date-time' : 'Invalid date' };
  const end = unit === 'day' || unit === 'month' ? last + DAY_MS : last;
  if (end <= start) return { ok: false, field: 'to', reason: 'Must be after the start' };
  if (end - start > MAX_BOOKING_DAYS[unit] * DAY_MS) return { ok: false, field: 'to', reason: 'Too long' };
  const days = Math.round((end - start) / DAY_MS);
  const units =
    unit === 'hour' ? Math.ceil((end - start) / HOUR_MS) : unit === 'month' ? monthsBetween(start, end) : days;
  return { ok: true, interval: { start, end }, units };
}

/** The same day `n` months after `ms` (the month's last day when it is shorter), in ms. */
function addMonths(ms: number, n: number): number {
  const d = new Date(ms);
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
  const length = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n + 1, 0)).getUTCDate();
  return first + (Math.min(d.getUTCDate(), length) - 1) * DAY_MS;
}

/**
 * Calendar months from `start` until `end` is covered, a started month counting as one: March is
 * one month and March with April two, whatever their lengths (thirty-day months overcharged them).
 */
function monthsBetween(start: number, end: number): number {
  const a = new Date(start);
  const b = new Date(end);
  let n = Math.max(1, (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth() - 1);
  while (addMonths(start, n) < end) n += 1;
  return n;
}

/** The plain dates an interval touches (for the calendar of taken days). */
export function daysOf({ start, end }: Interval): string[] {
  const out: string[] = [];
  for (let t = Math.floor(start / DAY_MS) * DAY_MS; t < end; t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * D-33: whether one more booking of `wanted` fits beside `held` (confirmed bookings and blocked
 * ranges) without more than `capacity` at any instant. A sweep over the start and end points.
 */
export function fits(wanted: Interval, held: readonly Interval[], capacity: number): boolean {
  const events: [number, number][] = [];
  for (const h of held) {
    if (h.end <= wanted.start || h.start >= wanted.end) continue;
    events.push([Math.max(h.start, wanted.start), 1], [Math.min(h.end, wanted.end), -1]);
  }
  // Ends before starts at the same instant: back-to-back bookings do not overlap.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let load = 0;
  for (const [, step] of events) {
    load += step;
    if (load + 1 > capacity) return false;
  }
  return capacity >= 1;
}

/** D-33: the days on which `held` reaches `capacity` (never who holds them), as ranges. */
export function takenRanges(
  held: readonly Interval[],
  capacity: number,
  /** Only days within it are counted: a calendar shows what can still be booked. */
  window?: Interval,
): { from: string; to: string }[] {
  const load = new Map<string, number>();
  for (const h of held) {
    const start = window ? Math.max(h.start, window.start) : h.start;
    const end = window ? Math.min(h.end, window.end) : h.end;
    if (end <= start) continue;
    for (const day of daysOf({ start, end })) load.set(day, (load.get(day) ?? 0) + 1);
  }
  const full = [...load]
    .filter(([, n]) => n >= capacity)
    .map(([day]) => day)
    .sort();
  const out: { from: string; to: string }[] = [];
  for (const day of full) {
    const last = out[out.length - 1];
    if (last && Date.parse(`${day}T00:00:00Z`) - Date.parse(`${last.to}T00:00:00Z`) === DAY_MS) last.to = day;
    else out.push({ from: day, to: day });
  }
  return out;
}

/** A blocked range of plain dates (both count) as an interval. */
export const blockedInterval = (range: { from: string; to: string }): Interval => ({
  start: Date.parse(`${range.from}T00:00:00Z`),
  end: Date.parse(`${range.to}T00:00:00Z`) + DAY_MS,
});
