// D-28: the two parties' messages on a deal, oldest first, live. Text only, at most 1,000
// characters, shown as React text (never as HTML). While the deal has no contact access the
// server answers 402 and the thread shows why, with the way to get access (given by the app layer).
// A message written without a signal shows at the end of the thread as waiting to be
// sent (it can be cancelled there or in the outbox panel) until the outbox sends it.
import { useQuery } from '@tanstack/react-query';
import { Clock, Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/busy-button';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { cancelOutboxItem, type OutboxItem } from '../../../lib/outbox';
import { announceRead } from '../../../lib/read-signal';
import {
  MESSAGE_MAX,
  messagesQueryOptions,
  useSendMessage,
  useSentFromOutbox,
  useWaitingMessages,
  waitingText,
} from '../api/deal-messages';
import type { DealMessage, DealView } from '../api/deal-types';
import { useLiveMessages } from '../hooks/use-live-messages';
import { formatDateTime } from '../../../lib/date-time';

interface Props {
  deal: DealView;
  me: string;
  /** Shown instead of the thread while the deal has no contact access. */
  accessPrompt: ReactNode;
}

const isAccessRefused = (error: unknown) => error instanceof ApiError && error.code === 'CONTACT_ACCESS_REQUIRED';

export function DealThread({ deal, me, accessPrompt }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const messages = useQuery(messagesQueryOptions(deal._id, deal.contact_access));
  useLiveMessages(deal._id, deal.contact_access);
  useSentFromOutbox(deal._id);
  const waiting = useWaitingMessages(deal._id);
  const refused = !deal.contact_access || isAccessRefused(messages.error);
  // The server marked the thread read as it answered (D-28): the header's counts, in every tab,
  // ask again. A saved answer restored offline was not read from the server: nothing to tell.
  const readAt = messages.isFetchedAfterMount && messages.isSuccess ? messages.dataUpdatedAt : 0;
  useEffect(() => {
    if (readAt > 0) announceRead();
  }, [readAt]);

  return (
    <section className="card deal-thread" aria-labelledby={headingId}>
      <h2 id={headingId} className="deal-subtitle">
        {t('dealPage.messagesTitle', { name: deal.counterpart.firstName })}
      </h2>
      {refused ? (
        <div className="deal-thread-locked">{accessPrompt}</div>
      ) : (
        <>
          {messages.isPending ? (
            <p className="muted" role="status">
              {t('dealPage.loadingMessages')}
            </p>
          ) : null}
          {/* Offline, the saved thread shows as it was (the banner says so); no refusal over it. */}
          {messages.isError && messages.data === undefined ? (
            <div className="deal-thread-problem">
              <p role="alert">{errorText(t, messages.error)}</p>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => void messages.refetch()}
              >
                {t('dealPage.retry')}
              </button>
            </div>
          ) : null}
          <MessageList deal={deal} me={me} messages={messages.data} waiting={waiting} />
          {deal.status !== 'accepted' && deal.status !== 'completed' ? (
            <p className="muted">{t('dealPage.threadClosed')}</p>
          ) : (
            <MessageForm deal={deal} />
          )}
        </>
      )}
    </section>
  );
}

interface ListProps {
  deal: DealView;
  me: string;
  messages: DealMessage[] | undefined;
  /** This deal's messages in the outbox, shown after the sent ones. */
  waiting: OutboxItem[];
}

function MessageList({ deal, me, messages, waiting }: ListProps) {
  const { t } = useTranslation();
  const end = useRef<HTMLLIElement>(null);
  const count = (messages?.length ?? 0) + waiting.length;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);
  if (!messages && waiting.length === 0) return null;
  if (count === 0) return <p className="muted deal-thread-empty">{t('dealPage.noMessages')}</p>;
  return (
    // A log: new messages are announced as they arrive, politely.
    <ol className="deal-messages" role="log" aria-label={t('dealPage.messagesLabel')}>
      {(messages ?? []).map((m) => {
        const mine = m.from === me;
        return (
          <li key={m._id} className={mine ? 'deal-message is-mine' : 'deal-message'}>
            <span className="deal-message-from">{mine ? t('dealPage.you') : deal.counterpart.firstName}</span>
            {/* Its own writing direction, isolated: a message cannot turn the page's text around. */}
            <p className="deal-message-text" dir="auto">
              <bdi>{m.text}</bdi>
            </p>
            <time className="deal-message-time" dateTime={m.created_at}>
              {formatDateTime(m.created_at)}
            </time>
          </li>
        );
      })}
      {waiting.map((item) => (
        <WaitingMessage key={item.id} item={item} />
      ))}
      <li ref={end} className="deal-messages-end" aria-hidden="true" />
    </ol>
  );
}

/** A message in the outbox: waiting for the signal, or refused by the server (and why). */
function WaitingMessage({ item }: { item: OutboxItem }) {
  const { t } = useTranslation();
  const refused = item.state === 'refused';
  return (
    <li className="deal-message is-mine is-waiting" data-state={item.state}>
      <span className="deal-message-from">{t('dealPage.you')}</span>
      <p className="deal-message-text">{waitingText(item)}</p>
      <span className="deal-message-waiting">
        <Clock aria-hidden="true" size={14} />
        {refused
          ? t('dealPage.messageRefused', { reason: t(`apiErrors.${item.error ?? 'INTERNAL'}`) })
          : t('dealPage.messageWaiting')}
      </span>
      <button
        type="button"
        className="button button-small button-secondary"
        aria-label={t('outbox.cancelItem', { what: item.label })}
        onClick={() => void cancelOutboxItem(item.id)}
      >
        <X aria-hidden="true" size={16} />
        {refused ? t('outbox.dismiss') : t('outbox.cancel')}
      </button>
    </li>
  );
}

function MessageForm({ deal }: { deal: DealView }) {
  const { t } = useTranslation();
  const send = useSendMessage(deal._id);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setProblem(t('dealPage.messageEmpty'));
      return;
    }
    if (trimmed.length > MESSAGE_MAX) {
      setProblem(t('dealPage.messageTooLong', { max: MESSAGE_MAX }));
      return;
    }
    setProblem(null);
    // Sent or waiting in the outbox (shown in the thread): either way the box empties.
    send.mutate(trimmed, {
      onSuccess: () => setText(''),
      onError: (error) => setProblem(errorText(t, error)),
    });
  };

  return (
    <form className="deal-message-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={fieldId}>{t('dealPage.messageLabel', { name: deal.counterpart.firstName })}</label>
        <textarea
          id={fieldId}
          rows={3}
          maxLength={MESSAGE_MAX}
          value={text}
          aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(null);
          }}
        />
        <p id={hintId} className="field-hint">
          {t('dealPage.messageCount', { count: text.length, max: MESSAGE_MAX })}
        </p>
        {problem ? (
          <p id={errorId} className="deal-field-problem" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <BusyButton
        type="submit"
        className="button button-primary"
        busy={send.isPending}
        icon={<Send aria-hidden="true" size={18} />}
      >
        {t('dealPage.send')}
      </BusyButton>
    </form>
  );
}
