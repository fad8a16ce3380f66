// D-1, D-37: the SMS adapter over Africa's Talking's messaging API, with plain fetch (no SDK):
// POST {AT_API_URL}/version1/messaging, a form (username, to, message, from), the `apiKey` header;
// it answers SMSMessageData.Recipients, one status per number (101 Sent, 403 InvalidPhoneNumber...).
import { SmsSendError, type SmsAdapter, type SmsLogger, type SmsMessage } from './sms-adapter.js';

export interface AfricasTalkingSmsOptions {
  username: string;
  apiKey: string;
  /** The registered sender id or short code; unset, the account's default. */
  senderId?: string | undefined;
  /** `https://api.africastalking.com` (the sandbox's: `https://api.sandbox.africastalking.com`). */
  apiUrl: string;
  timeoutMs?: number;
  logger?: SmsLogger;
}

export interface AfricasTalkingReceipt {
  messageId: string | undefined;
  status: string | undefined;
  statusCode: number | undefined;
}

export const DEFAULT_AT_TIMEOUT_MS = 10_000;
/** Recipient codes that mean the message was taken: Processed, Sent, Queued. */
const ACCEPTED = new Set([100, 101, 102]);

export class AfricasTalkingSmsAdapter implements SmsAdapter {
  readonly name = 'africastalking';
  readonly #username: string;
  // Private so that logging or serialising the adapter never shows the key.
  readonly #apiKey: string;
  readonly #senderId: string | undefined;
  readonly #endpoint: string;
  readonly #timeoutMs: number;
  readonly #logger: SmsLogger | undefined;

  constructor(options: AfricasTalkingSmsOptions) {
    this.#username = options.username;
    this.#apiKey = options.apiKey;
    this.#senderId = options.senderId;
    this.#endpoint = `${options.apiUrl.replace(/\/+$/, '')}/version1/messaging`;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_AT_TIMEOUT_MS;
    this.#logger = options.logger;
  }

  async send(message: SmsMessage): Promise<void> {
    await this.sendMessage(message);
  }

  /** Sends to one number and returns its recipient entry; throws SmsSendError on any failure. */
  async sendMessage(message: SmsMessage): Promise<AfricasTalkingReceipt> {
    const form = new URLSearchParams({ username: this.#username, to: message.to, message: message.text });
    if (this.#senderId) form.set('from', this.#senderId);
    const signal = AbortSignal.timeout(this.#timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetch(this.#endpoint, {
        method: 'POST',
        headers: {
          apiKey: this.#apiKey,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (signal.aborted) {
        throw new SmsSendError(`Africa's Talking did not answer within ${this.#timeoutMs} ms`, {
          reason: 'timeout',
          cause: error,
        });
      }
      const detail = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
      throw new SmsSendError(`Africa's Talking could not be reached${detail ? `: ${detail}` : ''}`, {
        reason: 'network',
        cause: error,
      });
    }
    // Refusals of the whole call (bad key, bad form) come as plain text, not JSON.
    if (status < 200 || status > 299) {
      throw new SmsSendError(text.trim().slice(0, 200) || `Africa's Talking answered HTTP ${status}`, {
        reason: 'rejected',
        status,
      });
    }
    const recipient = firstRecipient(text);
    if (!recipient || typeof recipient.statusCode !== 'number' || !ACCEPTED.has(recipient.statusCode)) {
      throw new SmsSendError(`Africa's Talking refused the message: ${recipient?.status ?? 'no recipient'}`, {
        reason: 'rejected',
        status,
        code: typeof recipient?.statusCode === 'number' ? recipient.statusCode : undefined,
      });
    }
    const receipt: AfricasTalkingReceipt = {
      messageId: typeof recipient.messageId === 'string' ? recipient.messageId : undefined,
      status: typeof recipient.status === 'string' ? recipient.status : undefined,
      statusCode: recipient.statusCode,
    };
    // The text may carry a sign-in code: only the number and the provider's ids are logged.
    this.#logger?.info({ sms: { to: message.to, ...receipt } }, "SMS accepted by Africa's Talking");
    return receipt;
  }
}

interface Recipient {
  statusCode?: unknown;
  status?: unknown;
  messageId?: unknown;
}

function firstRecipient(text: string): Recipient | undefined {
  try {
    const body = JSON.parse(text) as { SMSMessageData?: { Recipients?: unknown } };
    const list = body.SMSMessageData?.Recipients;
    return Array.isArray(list) && typeof list[0] === 'object' && list[0] !== null ? (list[0] as Recipient) : undefined;
  } catch {
    return undefined;
  }
}
