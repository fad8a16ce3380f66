// The header's mailbox (SPEC 2.2, 3, 4; D-21): a bell with the unread count as a badge, a dropdown
// 200 px high that scrolls, unread messages in bold, in the chosen language. A click marks the
// message read and opens its post. Fetched on load, polled every 5 minutes, and fed at once by the
// server-sent event stream. Visitors have no mailbox.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NOTIFICATION_DROPDOWN_PX, type Notification } from '@app/shared';
import { DisclosureMenu } from '../../../components/disclosure-menu';
import { errorText } from '../../../lib/api-errors';
import { getCurrentUser, isSignedIn } from '../../../lib/session';
import { getLanguage } from '../../../lib/settings';
import { onRead } from '../../../lib/read-signal';
import { getPostRoute } from '../api/get-post-route';
import { isUnread, notificationsQueryOptions } from '../api/get-notifications';
import { notificationKeys } from '../api/query-keys';
import { useMarkRead } from '../api/mark-read';
import { useNotificationStream } from '../hooks/use-notification-stream';
import '../notifications.css';
import { formatDateTime } from '../../../lib/date-time';

export function Mailbox() {
  const userId = isSignedIn() ? (getCurrentUser()?._id ?? '') : '';
  if (!userId) return null;
  return <SignedInMailbox userId={userId} />;
}

function SignedInMailbox({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useQuery(notificationsQueryOptions(userId));
  useNotificationStream(userId);
  const queryClient = useQueryClient();
  // A deal's thread read here or in another tab marked its notices read on the server (D-28).
  useEffect(
    () => onRead(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.list(userId) })),
    [queryClient, userId],
  );
  const markRead = useMarkRead(userId);
  const [opening, setOpening] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const language = getLanguage();

  const notifications = list.data ?? [];
  const unread = notifications.filter(isUnread).length;
  const label = unread > 0 ? t('mailbox.labelUnread', { count: unread }) : t('mailbox.label');

  const open = async (notification: Notification, close: () => void) => {
    setProblem(null);
    if (isUnread(notification)) markRead.mutate(notification._id);
    if (!notification.solution_id) return;
    setOpening(notification._id);
    try {
      const path = await getPostRoute(notification.solution_id);
      close();
      void navigate(path);
    } catch (error) {
      setProblem(errorText(t, error));
    } finally {
      setOpening(null);
    }
  };

  return (
    <DisclosureMenu
      label={label}
      className="mailbox"
      button={
        <>
          <Bell aria-hidden="true" size={22} />
          {unread > 0 ? (
            <span className="mailbox-badge" aria-hidden="true" data-testid="mailbox-badge">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </>
      }
    >
      {(close) => (
        <div className="mailbox-list" style={{ maxHeight: NOTIFICATION_DROPDOWN_PX }}>
          {problem ? (
            <p className="mailbox-problem" role="alert">
              {problem}
            </p>
          ) : null}
          {list.isError && notifications.length === 0 ? (
            <p className="mailbox-problem" role="alert">
              {t('mailbox.loadFailed')}
            </p>
          ) : null}
          {list.isSuccess && notifications.length === 0 ? <p className="muted">{t('mailbox.empty')}</p> : null}
          {/* D-36: where the alerts that fill the mailbox are kept. */}
          <p className="mailbox-alerts">
            <Link to="/alerts" onClick={close}>
              {t('alerts.fromMailbox')}
            </Link>
          </p>
          {notifications.length > 0 ? (
            <ul className="mailbox-items" aria-label={t('mailbox.listLabel')}>
              {notifications.map((n) => {
                const bold = isUnread(n);
                return (
                  <li key={n._id}>
                    <button
                      type="button"
                      className={bold ? 'mailbox-item is-unread' : 'mailbox-item'}
                      aria-busy={opening === n._id}
                      onClick={() => void open(n, close)}
                    >
                      {bold ? <span className="visually-hidden">{t('mailbox.unread')}</span> : null}
                      <span className="mailbox-message">{language === 'fr-ca' ? n.message_fr : n.message_en}</span>
                      <span className="mailbox-date">{formatDateTime(n.created_at, language)}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      )}
    </DisclosureMenu>
  );
}
