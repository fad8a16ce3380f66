import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@app/shared';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Below SPEC's 500 px breakpoint: drawer, bottom tab, share sheet. */
export const useIsNarrow = (): boolean => useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
