// D-1: SMS goes through an adapter. `console` (the default) keeps an outbox and logs each
// message; `twilio` sends over Twilio's REST API.
export interface SmsMessage {
  /** E.164 number. */
  to: string;
  text: string;
}

export interface SmsAdapter {
  readonly name: 'console' | 'twilio';
  /** Resolves when the provider accepted the message; throws SmsSendError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

export class SmsSendError extends Error {}
