// LISTEN on PostgreSQL for the shared caches (migration 0033): one connection of its own per
// instance, outside the pool, since a pooled connection is handed to other queries. When it is
// lost it reconnects within a second or two, and reports the gap: what changed meanwhile was not
// heard, so the caller drops what it holds.
import pg from 'pg';

const RETRY_MS = 1_000;

export async function listenPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onGap: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };

  function lost(which: pg.Client) {
    if (client !== which || stopped) return;
    client = undefined;
    onGap();
    which.end().catch(() => undefined);
    const again = () => {
      retry = setTimeout(() => {
        if (stopped) return;
        connect()
          .then(onGap)
          .catch(() => again());
      }, RETRY_MS);
    };
    again();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
