// D-1: SMS goes through an adapter. `console` (the default) keeps an outbox and logs each
// message; `twilio` sends over Twilio's REST API, `africastalking` over Africa's Talking's (D-37).
export interface SmsMessage {
  /** E.164 number. */
  to: string;
  text: string;
}

export interface SmsAdapter {
  readonly name: 'console' | 'twilio' | 'africastalking';
  /** Resolves when the provider accepted the message; throws SmsSendError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

/** The one logger method the adapters use; pino and Fastify's logger both fit. */
export interface SmsLogger {
  info(obj: object, msg: string): void;
}

/** Why a send failed: the provider said no, it could not be reached, or it did not answer in time. */
export type SmsFailure = 'rejected' | 'network' | 'timeout';

export interface SmsSendErrorDetails {
  reason?: SmsFailure;
  /** The provider's own error code (Twilio: 21211 invalid number, 20003 bad credentials, ...). */
  code?: number;
  /** The HTTP status the provider answered with. */
  status?: number;
  moreInfo?: string;
  cause?: unknown;
}

export class SmsSendError extends Error {
  override readonly name = 'SmsSendError';
  readonly reason: SmsFailure;
  readonly code: number | undefined;
  readonly status: number | undefined;
  readonly moreInfo: string | undefined;

  constructor(message: string, details: SmsSendErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.reason = details.reason ?? 'rejected';
    this.code = details.code;
    this.status = details.status;
    this.moreInfo = details.moreInfo;
  }
}
