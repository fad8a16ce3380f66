import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@app/shared';

// `whenPrerendered`: the answer in the HTML prerendered at build time (no window there); the
// browser's own answer replaces it right after hydration.
export function useMediaQuery(query: string, whenPrerendered = false): boolean {
  // A browser (or test DOM) without matchMedia: not a match, never changing.
  const supported = typeof window !== 'undefined' && typeof window.matchMedia === 'function';
  return useSyncExternalStore(
    (notify) => {
      if (!supported) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => supported && window.matchMedia(query).matches,
    () => whenPrerendered,
  );
}

/** Below SPEC's 500 px breakpoint: drawer, bottom tab, share sheet. Prerendered for phones. */
export const useIsNarrow = (): boolean => useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, true);
