// The real mail adapter, nodemailer over SMTP. Plain text only: the message is a
// code and a sentence, and a text body leaves nothing to inject.
import nodemailer, { type Transporter } from 'nodemailer';
import { MailSendError, type MailAdapter, type MailLogger, type MailMessage } from './mail-adapter.js';

export interface SmtpMailOptions {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string | undefined;
  password?: string | undefined;
  /** The sender, e.g. `Needs & Offers <no-reply@market.example.org>`. */
  from: string;
  /** How long to wait for each step of the SMTP exchange before giving up. */
  timeoutMs?: number;
  logger?: MailLogger;
}

export const DEFAULT_SMTP_TIMEOUT_MS = 10_000;

export class SmtpMailAdapter implements MailAdapter {
  readonly name = 'smtp';
  // Private so that logging or serialising the adapter never shows the password.
  readonly #transport: Transporter;
  readonly #from: string;
  readonly #logger: MailLogger | undefined;

  constructor(options: SmtpMailOptions) {
    const timeout = options.timeoutMs ?? DEFAULT_SMTP_TIMEOUT_MS;
    this.#transport = nodemailer.createTransport({
      host: options.host,
      port: options.port,
      secure: options.secure,
      ...(options.user ? { auth: { user: options.user, pass: options.password ?? '' } } : {}),
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    this.#from = options.from;
    this.#logger = options.logger;
  }

  async send(message: MailMessage): Promise<void> {
    let accepted: unknown[];
    try {
      const info = (await this.#transport.sendMail({
        from: this.#from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      })) as { accepted?: unknown[]; messageId?: string };
      accepted = info.accepted ?? [];
      // Never the text: it holds the code.
      this.#logger?.info({ mail: { to: message.to, messageId: info.messageId } }, 'mail sent');
    } catch (error) {
      const responseCode = (error as { responseCode?: unknown }).responseCode;
      throw new MailSendError(`the mail server refused or could not be reached: ${(error as Error).message}`, {
        responseCode: typeof responseCode === 'number' ? responseCode : undefined,
        cause: error,
      });
    }
    if (accepted.length === 0) throw new MailSendError('the mail server accepted no recipient');
  }

  close(): void {
    this.#transport.close();
  }
}
