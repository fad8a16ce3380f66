import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { SAVED_ANSWERS_MAX_AGE_MS } from '../lib/saved-age';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Mobile data is slow and costly: no refetch on every focus, and no retry of a refusal.
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      // Restored answers must outlive the restore (offline shows what was saved). Not
      // when prerendering in Node: a week-long collection timer there kept the build from exiting.
      gcTime: typeof window === 'undefined' ? Infinity : SAVED_ANSWERS_MAX_AGE_MS,
      retry: (count, error) => count < 2 && (!(error instanceof ApiError) || error.status >= 500 || error.status === 0),
    },
    // Writes run without a signal too: lib/outbox.ts queues them (a paused mutation would hang the form).
    mutations: { networkMode: 'always' },
  },
});

/**
 * The saved answers are restored and the outbox sent after the first paint, from their
 * own chunk (lib/offline-sync.ts): the first screen does not wait for that code.
 */
function OfflineSync() {
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    let live = true;
    let stop: (() => void) | undefined;
    void import('../lib/offline-sync').then(({ startOfflineSync }) => {
      if (live) stop = startOfflineSync(queryClient);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <OfflineSync />
      {children}
    </QueryClientProvider>
  );
}
