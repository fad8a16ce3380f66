// The saved answers (TanStack Query persisted to IndexedDB) and the outbox,
// started after the first paint from app/providers.tsx, so neither is in the entry chunk. The
// restore fills the screens' queries (a restored answer never replaces a newer one), then what
// waits in the outbox goes out; it goes out again whenever the signal returns.
import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClient, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { flushOutbox, onOutboxSent } from './outbox';
import { dehydrateOptions, idbPersister, MAX_AGE_MS, persistBuster } from './query-persistence';

export function startOfflineSync(client: QueryClient): () => void {
  const [unsubscribe, restored] = persistQueryClient({
    queryClient: client,
    persister: idbPersister,
    maxAge: MAX_AGE_MS,
    buster: persistBuster(),
    dehydrateOptions,
  });
  const flush = () => void flushOutbox();
  // Each item sent changes lists, My Offers, My Orders or a deal: refetch what is shown.
  const off = onOutboxSent(() => void client.invalidateQueries());
  void restored.finally(() => {
    // A restored answer is for the screens while the signal is gone: it may be seconds old, but
    // another user may have changed the post since (a deal paid, a trial ended). What came from an
    // earlier visit is stale at once: refetched now if shown, else when next shown.
    // Offline, they are all there is: left as they are.
    const loadedAt = performance.timeOrigin;
    if (navigator.onLine) {
      void client.invalidateQueries({
        predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < loadedAt,
      });
    }
    // Answers that arrived before this code loaded changed nothing since: save them now.
    void persistQueryClientSave({
      queryClient: client,
      persister: idbPersister,
      buster: persistBuster(),
      dehydrateOptions,
    });
    flush();
  });
  window.addEventListener('online', flush);
  return () => {
    unsubscribe();
    off();
    window.removeEventListener('online', flush);
  };
}
