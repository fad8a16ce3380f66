import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@app/shared';

// `whenPrerendered`: the answer in the HTML prerendered at build time (no window there); the
// browser's own answer replaces it right after hydration.
export function useMediaQuery(query: string, whenPrerendered = false): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => whenPrerendered,
  );
}

/** Below SPEC's 500 px breakpoint: drawer, bottom tab, share sheet. Prerendered for phones. */
export const useIsNarrow = (): boolean => useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, true);
