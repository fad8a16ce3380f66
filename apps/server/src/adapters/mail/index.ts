// Picks the mail adapter named by MAIL_PROVIDER. The outbox adapter is the
// default so the product runs on one machine; loadConfig refuses it in production (config.ts).
import { ConfigError, type Config } from '../../config.js';
import type { MailAdapter, MailLogger } from './mail-adapter.js';
import { OutboxMailAdapter } from './outbox.js';
import { SmtpMailAdapter } from './smtp.js';

export { OutboxMailAdapter, type OutboxMailOptions, type SentMail } from './outbox.js';
export { SmtpMailAdapter, type SmtpMailOptions } from './smtp.js';
export { MailSendError, type MailAdapter, type MailLogger, type MailMessage } from './mail-adapter.js';

export function createMailAdapter(config: Config, logger: MailLogger): MailAdapter {
  const { provider, from, smtp } = config.mail;
  if (provider === 'outbox') return new OutboxMailAdapter({ logger });
  if (!smtp.host) throw new ConfigError('MAIL_PROVIDER=smtp needs SMTP_HOST');
  return new SmtpMailAdapter({ ...smtp, host: smtp.host, from, logger });
}
