// Production refuses a configuration that is only safe for a local demo.
import type { ParsedEnv } from './config-env.js';

/** Values that come from examples and tutorials, never from a real secret store. */
const PLACEHOLDER =
  /change.?me|replace.?me|placeholder|^(secret|password|passw0rd|admin|minioadmin|test|example|postgres|xxx+)$/i;
const SECRETS = [
  'TWILIO_AUTH_TOKEN',
  'AT_API_KEY',
  'AT_CALLBACK_SECRET',
  'PAYPAL_CLIENT_SECRET',
  'CINETPAY_API_KEY',
  'CINETPAY_SECRET_KEY',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'VAPID_PRIVATE_KEY',
  'METRICS_TOKEN',
  'GOOGLE_CLIENT_SECRET',
  'FACEBOOK_CLIENT_SECRET',
  'SMTP_PASSWORD',
] as const;

/**
 * Production refuses the local stand-ins (payments, SMS, social sign-in), secrets left at
 * an example value, and a missing PUBLIC_URL. Each problem names its setting.
 */
export function productionProblems(e: ParsedEnv): string[] {
  const problems: string[] = [];
  const need = (name: keyof typeof e, why: string) => {
    if (!e[name]) problems.push(`  ${name}: ${why}`);
  };
  need('PUBLIC_URL', 'required in production (payment returns and links are built from it)');
  if (e.PUBLIC_URL && !e.PUBLIC_URL.startsWith('https://'))
    problems.push('  PUBLIC_URL: must be an https URL in production');
  if (e.PAYMENT_PROVIDER === 'local')
    problems.push('  PAYMENT_PROVIDER: the local payment page is refused in production; use paypal');
  else {
    need('PAYPAL_CLIENT_ID', 'required with PAYMENT_PROVIDER=paypal');
    need('PAYPAL_CLIENT_SECRET', 'required with PAYMENT_PROVIDER=paypal');
    need('PAYPAL_PLAN_ID', 'required with PAYMENT_PROVIDER=paypal, for the yearly subscription');
    need('PAYPAL_WEBHOOK_ID', 'required with PAYMENT_PROVIDER=paypal, to verify webhooks');
  }
  if (e.MOBILE_MONEY_PROVIDER === 'local')
    problems.push('  MOBILE_MONEY_PROVIDER: the local mobile-money checkout is refused in production; use cinetpay');
  else {
    need('CINETPAY_API_KEY', 'required with MOBILE_MONEY_PROVIDER=cinetpay');
    need('CINETPAY_SITE_ID', 'required with MOBILE_MONEY_PROVIDER=cinetpay');
    need('CINETPAY_SECRET_KEY', 'required with MOBILE_MONEY_PROVIDER=cinetpay, to verify the x-token of notifications');
  }
  if (e.SMS_PROVIDER === 'console')
    problems.push('  SMS_PROVIDER: the console SMS sender is refused in production; use twilio or africastalking');
  else if (e.SMS_PROVIDER === 'africastalking') {
    need('AT_USERNAME', 'required with SMS_PROVIDER=africastalking');
    need('AT_API_KEY', 'required with SMS_PROVIDER=africastalking');
    if (e.AT_USERNAME === 'sandbox')
      problems.push("  AT_USERNAME: Africa's Talking's sandbox is refused in production");
  } else {
    need('TWILIO_ACCOUNT_SID', 'required with SMS_PROVIDER=twilio');
    need('TWILIO_AUTH_TOKEN', 'required with SMS_PROVIDER=twilio');
    need('TWILIO_FROM', 'required with SMS_PROVIDER=twilio');
  }
  // An admin's e-mail is proven by a code that must reach a real mailbox.
  if (e.MAIL_PROVIDER === 'outbox')
    problems.push('  MAIL_PROVIDER: the local mail outbox is refused in production; use smtp');
  else {
    need('SMTP_HOST', 'required with MAIL_PROVIDER=smtp');
    if (/@localhost>?$/.test(e.MAIL_FROM))
      problems.push('  MAIL_FROM: required with MAIL_PROVIDER=smtp, an address of this deployment');
  }
  if (e.SOCIAL_LOCAL) problems.push('  SOCIAL_LOCAL: the local sign-in page is refused in production');
  need('METRICS_TOKEN', 'required in production, so /metrics is not public');
  if (e.METRICS_TOKEN && e.METRICS_TOKEN.length < 16) problems.push('  METRICS_TOKEN: at least 16 characters');
  for (const name of SECRETS) {
    const value = e[name];
    if (value && PLACEHOLDER.test(value)) problems.push(`  ${name}: still an example value; set a real secret`);
  }
  for (const name of ['DATABASE_URL', 'REDIS_URL'] as const) {
    const value = e[name];
    const password = value ? decodeURIComponent(new URL(value).password) : '';
    if (password && PLACEHOLDER.test(password)) problems.push(`  ${name}: the password is an example value`);
  }
  return problems;
}
