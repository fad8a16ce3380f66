// D-1: the real SMS adapter, over Twilio's REST API with plain fetch (no SDK).
// https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource
import { SmsSendError, type SmsAdapter, type SmsLogger, type SmsMessage } from './sms-adapter.js';

export interface TwilioSmsOptions {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or alphanumeric sender id. */
  from: string;
  /** Twilio's API base, `https://api.twilio.com`; tests point it at a local stub. */
  apiUrl: string;
  /** How long to wait for Twilio's answer before giving up. */
  timeoutMs?: number;
  logger?: SmsLogger;
}

/** What Twilio answers when it accepts a message (the fields we use). */
export interface TwilioReceipt {
  sid: string | undefined;
  status: string | undefined;
}

export const DEFAULT_TWILIO_TIMEOUT_MS = 10_000;

export class TwilioSmsAdapter implements SmsAdapter {
  readonly name = 'twilio';
  readonly #accountSid: string;
  // Private so that logging or serialising the adapter never shows the token.
  readonly #authorization: string;
  readonly #from: string;
  readonly #endpoint: string;
  readonly #timeoutMs: number;
  readonly #logger: SmsLogger | undefined;

  constructor(options: TwilioSmsOptions) {
    this.#accountSid = options.accountSid;
    this.#authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
    this.#from = options.from;
    const base = options.apiUrl.replace(/\/+$/, '');
    this.#endpoint = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TWILIO_TIMEOUT_MS;
    this.#logger = options.logger;
  }

  get accountSid(): string {
    return this.#accountSid;
  }

  async send(message: SmsMessage): Promise<void> {
    await this.sendMessage(message);
  }

  /** Sends and returns Twilio's message sid and status; throws SmsSendError on any failure. */
  async sendMessage(message: SmsMessage): Promise<TwilioReceipt> {
    const form = new URLSearchParams({ To: message.to, From: this.#from, Body: message.text });
    // One signal for the request and the body read: a stalled answer times out too.
    const signal = AbortSignal.timeout(this.#timeoutMs);
    let status: number;
    let body: unknown;
    try {
      const response = await fetch(this.#endpoint, {
        method: 'POST',
        headers: {
          authorization: this.#authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal,
      });
      status = response.status;
      body = parseJson(await response.text());
    } catch (error) {
      if (signal.aborted) {
        throw new SmsSendError(`Twilio did not answer within ${this.#timeoutMs} ms`, {
          reason: 'timeout',
          cause: error,
        });
      }
      const detail = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
      throw new SmsSendError(`Twilio could not be reached${detail ? `: ${detail}` : ''}`, {
        reason: 'network',
        cause: error,
      });
    }

    if (status < 200 || status > 299) {
      const code = field(body, 'code');
      const text = field(body, 'message');
      const moreInfo = field(body, 'more_info');
      throw new SmsSendError(typeof text === 'string' && text ? text : `Twilio answered HTTP ${status}`, {
        reason: 'rejected',
        status,
        code: typeof code === 'number' ? code : undefined,
        moreInfo: typeof moreInfo === 'string' ? moreInfo : undefined,
      });
    }

    const sid = field(body, 'sid');
    const state = field(body, 'status');
    const receipt: TwilioReceipt = {
      sid: typeof sid === 'string' ? sid : undefined,
      status: typeof state === 'string' ? state : undefined,
    };
    // The text carries a sign-in code: only the number and Twilio's ids are logged.
    this.#logger?.info({ sms: { to: message.to, ...receipt } }, 'SMS accepted by Twilio');
    return receipt;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function field(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
}
