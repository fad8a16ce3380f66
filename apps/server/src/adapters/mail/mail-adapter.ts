// E-mail goes through an adapter (D-1's rule for third parties). `outbox` (the
// default) keeps the messages and logs each; `smtp` sends them with nodemailer over SMTP.
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailAdapter {
  readonly name: 'outbox' | 'smtp';
  /** Resolves when the mail server accepted the message; throws MailSendError otherwise. */
  send(message: MailMessage): Promise<void>;
}

/** The one logger method the adapters use; pino and Fastify's logger both fit. */
export interface MailLogger {
  info(obj: object, msg: string): void;
}

export class MailSendError extends Error {
  override readonly name = 'MailSendError';
  /** The SMTP reply code when the server answered (550 no such mailbox, 535 bad credentials, ...). */
  readonly responseCode: number | undefined;

  constructor(message: string, details: { responseCode?: number | undefined; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.responseCode = details.responseCode;
  }
}
