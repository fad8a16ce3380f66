// D-36: no alert SMS from 21:00 to 07:00 in the user's country, and at most 3 a day there. The
// served countries' time zones (one per country; DR Congo by Kinshasa, where most users are).
const ZONES: Record<string, string> = {
  SN: 'Africa/Dakar',
  ML: 'Africa/Bamako',
  CI: 'Africa/Abidjan',
  BF: 'Africa/Ouagadougou',
  GN: 'Africa/Conakry',
  TG: 'Africa/Lome',
  GH: 'Africa/Accra',
  MR: 'Africa/Nouakchott',
  GM: 'Africa/Banjul',
  NE: 'Africa/Niamey',
  NG: 'Africa/Lagos',
  BJ: 'Africa/Porto-Novo',
  CM: 'Africa/Douala',
  TD: 'Africa/Ndjamena',
  GA: 'Africa/Libreville',
  CG: 'Africa/Brazzaville',
  CF: 'Africa/Bangui',
  CD: 'Africa/Kinshasa',
  CA: 'America/Toronto',
  FR: 'Europe/Paris',
  BE: 'Europe/Brussels',
  US: 'America/New_York',
};
/** Without a known country: West Africa's UTC, where most users are. */
const DEFAULT_ZONE = 'UTC';

export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 7;
export const ALERT_SMS_PER_DAY = 3;

export const zoneOf = (country: string | null | undefined): string =>
  (country && ZONES[country.toUpperCase()]) || DEFAULT_ZONE;

/** The wall-clock hour, minute and second at `at` in `zone`. */
function wallClock(at: Date, zone: string): { h: number; m: number; s: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { h: part('hour'), m: part('minute'), s: part('second') };
}

const HOUR_MS = 3_600_000;

/** When the user's local day began (midnight there), for the daily count. */
export function startOfLocalDay(at: Date, country: string | null | undefined): Date {
  const { h, m, s } = wallClock(at, zoneOf(country));
  return new Date(at.getTime() - ((h * 60 + m) * 60 + s) * 1000 - (at.getTime() % 1000));
}

/** Null when an SMS may go now; else the next 07:00 in the user's country. */
export function quietUntil(at: Date, country: string | null | undefined): Date | null {
  const { h, m, s } = wallClock(at, zoneOf(country));
  if (h >= QUIET_UNTIL_HOUR && h < QUIET_FROM_HOUR) return null;
  const hours = h >= QUIET_FROM_HOUR ? 24 - h + QUIET_UNTIL_HOUR : QUIET_UNTIL_HOUR - h;
  return new Date(at.getTime() + hours * HOUR_MS - (m * 60 + s) * 1000 - (at.getTime() % 1000));
}
