// The header's link to the user's deals with the count of unread messages (D-28), kept fresh by
// the tab's event stream: a message from the other party raises it without a reload. Light on
// purpose: the header is on every page (no zod, no post utilities).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { subscribeToStream } from '../../../lib/event-stream';
import { onRead } from '../../../lib/read-signal';
import { unreadQueryOptions } from '../api/get-deals';
import { dealKeys } from '../api/query-keys';
import '../deal-page.css';

export function DealsInbox() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const unread = useQuery(unreadQueryOptions()).data ?? 0;
  useEffect(
    () => subscribeToStream('message', () => void queryClient.invalidateQueries({ queryKey: dealKeys.unread() })),
    [queryClient],
  );
  // A thread read in another tab (or this one) counts no more here.
  useEffect(
    () =>
      onRead(() => {
        void queryClient.invalidateQueries({ queryKey: dealKeys.unread() });
        void queryClient.invalidateQueries({ queryKey: dealKeys.lists() });
      }),
    [queryClient],
  );
  return (
    <Link
      to="/deals"
      className="icon-button deal-inbox"
      aria-label={unread > 0 ? t('dealList.inboxUnread', { count: unread }) : t('dealList.inbox')}
    >
      <MessagesSquare aria-hidden="true" size={22} />
      {unread > 0 ? (
        <span className="deal-inbox-badge" aria-hidden="true" data-testid="deals-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
