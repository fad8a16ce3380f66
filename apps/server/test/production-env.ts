// A production environment that passes every check of loadConfig (issue 7): real-looking
// providers and secrets, an https PUBLIC_URL and a metrics token. Tests override what they test.
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://market.example.org',
  PAYMENT_PROVIDER: 'paypal',
  PAYPAL_CLIENT_ID: 'AYx-client-id',
  PAYPAL_CLIENT_SECRET: 'EKs8-9d7f6g5h4j3k2l1',
  PAYPAL_WEBHOOK_ID: '1JE4291016473214C',
  PAYPAL_PLAN_ID: 'P-5ML4271244454362WXNWU5NQ',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'f3b9c1d2e4a5968778695a4b3c2d1e0f',
  TWILIO_FROM: '+15005550006',
  METRICS_TOKEN: 'mT9v2Qx7Lp4Rz8Kw',
  MAIL_PROVIDER: 'smtp',
  MAIL_FROM: 'Needs & Offers <no-reply@market.example.org>',
  SMTP_HOST: 'smtp.market.example.org',
  SMTP_USER: 'no-reply@market.example.org',
  SMTP_PASSWORD: 'q7Vd2Lk9Xw4Pz8Rt',
} as const;
