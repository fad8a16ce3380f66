// D-28: the thread of a deal. GET /api/deals/:dealId/messages (oldest first, paged by cursor) and
// POST {text} → 201 Message. Both answer 402 CONTACT_ACCESS_REQUIRED while the deal has no
// contact access: messages never bypass the fee. A message written without a signal
// waits in the outbox with its Idempotency-Key (D-31) and is sent once when the signal returns.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiFetch } from '../../../lib/api-client';
import { onOutboxSent, sendOrQueue, useOutbox, type OutboxItem, type Sent } from '../../../lib/outbox';
import type { DealMessage } from './deal-types';
import { dealKeys } from './query-keys';

/** D-28: at most 1,000 characters. */
export { MESSAGE_TEXT_MAX as MESSAGE_MAX } from '@app/shared';

const messagesPath = (dealId: string) => `/deals/${encodeURIComponent(dealId)}/messages`;

/** Every page of the thread, oldest first (a deal's thread stays short). */
export async function getMessages(dealId: string): Promise<DealMessage[]> {
  const all: DealMessage[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const page: { data: DealMessage[]; next_cursor?: string | null } = await apiFetch(
      `${messagesPath(dealId)}${query}`,
    );
    all.push(...page.data);
    cursor = page.next_cursor ?? null;
  } while (cursor && all.length < 5_000);
  return all;
}

export const messagesQueryOptions = (dealId: string, enabled: boolean) =>
  queryOptions({ queryKey: dealKeys.messages(dealId), queryFn: () => getMessages(dealId), enabled });

/** A message joins the thread once, in time order (the stream and the sender's answer may both bring it). */
export function withMessage(list: DealMessage[] | undefined, added: DealMessage): DealMessage[] {
  const current = list ?? [];
  if (current.some((m) => m._id === added._id)) return current;
  return [...current, added].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** What the outbox shows of a waiting message: its first words. */
const LABEL_MAX = 80;
const labelOf = (text: string) => (text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1)}…` : text);

/** Without a signal the message waits in the outbox (shown in its thread) and goes out later. */
export const sendMessage = ({ dealId, text }: { dealId: string; text: string }): Promise<Sent<DealMessage>> =>
  sendOrQueue<{ data: DealMessage }>({
    kind: 'message',
    label: labelOf(text),
    path: messagesPath(dealId),
    method: 'POST',
    body: { text },
    dealId,
  }).then((sent) => (sent.queued ? sent : { queued: false, data: sent.data.data }));

export function useSendMessage(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => sendMessage({ dealId, text }),
    onSuccess: (sent) => {
      if (sent.queued) return;
      queryClient.setQueryData<DealMessage[]>(dealKeys.messages(dealId), (list) => withMessage(list, sent.data));
    },
  });
}

/** The words of a message waiting in the outbox (what `sendMessage` queued). */
export const waitingText = (item: OutboxItem): string =>
  (item.json as { text?: string } | undefined)?.text ?? item.label;

/** This deal's messages in the outbox, oldest first. */
export function useWaitingMessages(dealId: string): OutboxItem[] {
  const items = useOutbox();
  return useMemo(() => items.filter((i) => i.kind === 'message' && i.dealId === dealId), [items, dealId]);
}

/** A waiting message the outbox sent joins its thread with the server's answer, before it leaves the outbox. */
export function useSentFromOutbox(dealId: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onOutboxSent((item, answer) => {
        const message = (answer as { data?: unknown } | undefined)?.data;
        if (item.kind !== 'message' || item.dealId !== dealId || !isDealMessage(message)) return;
        queryClient.setQueryData<DealMessage[]>(dealKeys.messages(dealId), (list) => withMessage(list, message));
      }),
    [queryClient, dealId],
  );
}

/** The light shape check of a message from the stream (zod stays out of the live path). */
export function isDealMessage(value: unknown): value is DealMessage {
  const m = value as Partial<Record<keyof DealMessage, unknown>> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m._id === 'string' &&
    typeof m.deal_id === 'string' &&
    typeof m.from === 'string' &&
    typeof m.text === 'string' &&
    typeof m.created_at === 'string'
  );
}
