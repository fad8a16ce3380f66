// D-1, D-10: the local SMS adapter. Nothing leaves the machine; every message is logged (so a
// developer reads the code in the server log) and kept in an outbox that tests read through the
// adapter, never through a route.
import type { SmsAdapter, SmsLogger, SmsMessage } from './sms-adapter.js';

export interface SentSms {
  readonly to: string;
  readonly text: string;
  readonly at: Date;
}

export interface ConsoleSmsOptions {
  logger: SmsLogger;
  /** How many messages the outbox keeps; older ones are dropped so memory stays bounded. */
  limit?: number;
  now?: () => Date;
}

export const DEFAULT_OUTBOX_LIMIT = 1000;

export class ConsoleSmsAdapter implements SmsAdapter {
  readonly name = 'console';
  readonly #logger: SmsLogger;
  readonly #limit: number;
  readonly #now: () => Date;
  readonly #outbox: SentSms[] = [];

  constructor(options: ConsoleSmsOptions) {
    const limit = options.limit ?? DEFAULT_OUTBOX_LIMIT;
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`outbox limit must be a positive integer`);
    this.#logger = options.logger;
    this.#limit = limit;
    this.#now = options.now ?? (() => new Date());
  }

  send(message: SmsMessage): Promise<void> {
    const sent: SentSms = Object.freeze({ to: message.to, text: message.text, at: this.#now() });
    this.#outbox.push(sent);
    if (this.#outbox.length > this.#limit) this.#outbox.splice(0, this.#outbox.length - this.#limit);
    // `sms` rather than `text`/`code` keys: the logger redacts `code`, and D-10 wants it shown.
    this.#logger.info({ sms: { to: sent.to, text: sent.text } }, `SMS to ${sent.to}: ${sent.text}`);
    return Promise.resolve();
  }

  /** Oldest first; at most `limit` messages. */
  get outbox(): readonly SentSms[] {
    return this.#outbox.slice();
  }

  messagesTo(number: string): SentSms[] {
    return this.#outbox.filter((m) => m.to === number);
  }

  lastTo(number: string): SentSms | undefined {
    return this.#outbox.findLast((m) => m.to === number);
  }

  clear(): void {
    this.#outbox.length = 0;
  }
}
