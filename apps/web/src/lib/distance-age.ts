// Every card says how far a post is ("2.3 km", from the server's distance_km) and how
// old it is ("2 hours ago"), in the reader's language.
import { localeTag, type Language } from '@app/shared';
import { getLanguage } from './settings';
import { numberFormat, relativeTimeFormat } from './intl';

/** "2.3 km", "2,3 km", "140 km": one decimal under 10 km, whole kilometres above. */
export function formatDistance(km: number, language: Language = getLanguage()): string {
  return numberFormat(localeTag(language), {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: km < 10 ? 1 : 0,
  }).format(km);
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "2 hours ago", "il y a 2 heures"; a post from the last minute is "1 minute ago". */
export function formatAge(iso: string, language: Language = getLanguage(), now: Date = new Date()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  let amount = Math.max(1, Math.floor((now.getTime() - then) / 60_000));
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  for (const [step, size] of STEPS) {
    unit = step;
    if (amount < size) break;
    amount = Math.floor(amount / size);
  }
  return relativeTimeFormat(localeTag(language), { numeric: 'always' }).format(-amount, unit);
}
