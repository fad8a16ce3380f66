// D-28: a message written by the other party joins the open thread at once, over the tab's one
// event stream (event `message`, data a Message). When the stream opens, and again after a lost
// connection, the thread is fetched again, so nothing sent meanwhile is missed.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { STREAM_OPEN, subscribeToStream } from '../../../lib/event-stream';
import { isDealMessage, withMessage } from '../api/deal-messages';
import type { DealMessage } from '../api/deal-types';
import { dealKeys } from '../api/query-keys';

export function useLiveMessages(dealId: string, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const key = dealKeys.messages(dealId);
    const offMessage = subscribeToStream('message', (message) => {
      if (!isDealMessage(message) || message.deal_id !== dealId) return;
      queryClient.setQueryData<DealMessage[]>(key, (list) => withMessage(list, message));
      // Reading the thread marks the message read on the server; then the unread counts follow.
      void queryClient.invalidateQueries({ queryKey: key }).then(() => {
        void queryClient.invalidateQueries({ queryKey: dealKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: dealKeys.unread() });
      });
    });
    // Each time the stream opens, the first time too: a page's stream opens once its first screen
    // has loaded (early-load/first-screen-loaded.ts), after the thread was fetched.
    const offOpen = subscribeToStream(STREAM_OPEN, () => void queryClient.invalidateQueries({ queryKey: key }));
    return () => {
      offMessage();
      offOpen();
    };
  }, [queryClient, dealId, enabled]);
}
