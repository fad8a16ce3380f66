// The local mail adapter, like the console SMS adapter. Nothing leaves the
// machine; every message is logged (so a developer reads the code in the server log) and kept in
// a bounded outbox that tests read through the adapter, never through a route. Refused in
// production (config.ts).
import type { MailAdapter, MailLogger, MailMessage } from './mail-adapter.js';

export interface SentMail extends MailMessage {
  readonly at: Date;
}

export interface OutboxMailOptions {
  logger: MailLogger;
  /** How many messages the outbox keeps; older ones are dropped so memory stays bounded. */
  limit?: number;
  now?: () => Date;
}

export const DEFAULT_MAIL_OUTBOX_LIMIT = 1000;

export class OutboxMailAdapter implements MailAdapter {
  readonly name = 'outbox';
  readonly #logger: MailLogger;
  readonly #limit: number;
  readonly #now: () => Date;
  readonly #outbox: SentMail[] = [];

  constructor(options: OutboxMailOptions) {
    const limit = options.limit ?? DEFAULT_MAIL_OUTBOX_LIMIT;
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('outbox limit must be a positive integer');
    this.#logger = options.logger;
    this.#limit = limit;
    this.#now = options.now ?? (() => new Date());
  }

  send(message: MailMessage): Promise<void> {
    const sent: SentMail = Object.freeze({ ...message, at: this.#now() });
    this.#outbox.push(sent);
    if (this.#outbox.length > this.#limit) this.#outbox.splice(0, this.#outbox.length - this.#limit);
    // `mail` rather than `text`/`code` keys: the logger redacts `code`, and a developer needs it.
    this.#logger.info(
      { mail: { to: sent.to, subject: sent.subject, text: sent.text } },
      `Mail to ${sent.to}: ${sent.subject}\n${sent.text}`,
    );
    return Promise.resolve();
  }

  /** Oldest first; at most `limit` messages. */
  get outbox(): readonly SentMail[] {
    return this.#outbox.slice();
  }

  lastTo(address: string): SentMail | undefined {
    return this.#outbox.findLast((m) => m.to === address);
  }

  clear(): void {
    this.#outbox.length = 0;
  }
}
