// Offline, a screen shows what was saved; the banner says how old it is. The age is
// that of the oldest answer the current screen shows (the queries with a mounted observer).
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { relativeTimeFormat } from './intl';

/** A week: older saved answers would mislead more than help (lib/query-persistence.ts drops them). */
export const SAVED_ANSWERS_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function useSavedAt(): number | null {
  const cache = useQueryClient().getQueryCache();
  return useSyncExternalStore(
    (notify) => cache.subscribe(notify),
    () => {
      let oldest: number | null = null;
      for (const query of cache.findAll({ type: 'active' })) {
        const at = query.state.dataUpdatedAt;
        if (query.state.data !== undefined && at > 0 && (oldest === null || at < oldest)) oldest = at;
      }
      return oldest;
    },
    // Prerendered pages are built online, with nothing saved.
    () => null,
  );
}

/** "3 hours ago" / "il y a 3 heures", in the largest unit that fits; null under a minute. */
export function ageText(savedAt: number, now: number, language: string): string | null {
  const format = relativeTimeFormat(language, { numeric: 'always' });
  const minutes = Math.floor((now - savedAt) / 60_000);
  if (minutes < 1) return null;
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return format.format(-hours, 'hour');
  return format.format(-Math.round(hours / 24), 'day');
}
