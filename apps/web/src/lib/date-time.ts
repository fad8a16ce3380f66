// The one way a moment with its time is written: messages, notifications, reports, disputes and
// bookings by the hour all read alike ("28 nov. 2026, 11 h 19", "Nov 28, 2026, 11:19 AM"), in the
// user's language and time zone.
import { localeTag, type Language } from '@app/shared';
import { dateTimeFormat } from './intl';
import { getLanguage } from './settings';

export function formatDateTime(at: Date | string, language: Language = getLanguage()): string {
  const moment = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(moment.getTime())) return typeof at === 'string' ? at : '';
  return dateTimeFormat(localeTag(language), { dateStyle: 'medium', timeStyle: 'short' }).format(moment);
}
