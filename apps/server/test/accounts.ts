// Registers accounts through the real API, reading SMS codes from the console adapter's outbox.
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { OutboxMailAdapter } from '../src/adapters/mail/outbox.js';
import { ConsoleSmsAdapter } from '../src/adapters/sms/console.js';

let counter = 0;

export function lastCode(app: FastifyInstance, mobile: string): string {
  if (!(app.sms instanceof ConsoleSmsAdapter)) throw new Error('tests need the console SMS adapter');
  const text = app.sms.lastTo(mobile)?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code was sent to ${mobile}`);
  return code;
}

export async function verifiedToken(app: FastifyInstance, mobile: string, forget = false): Promise<string> {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/user/sendMessage',
    payload: { mobile_no: mobile, forget_password: forget },
  });
  if (sent.statusCode !== 200) throw new Error(`sendMessage ${sent.statusCode}: ${sent.body}`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/codeValidation',
    payload: { mobile_no: mobile, code: lastCode(app, mobile), forget_password: forget },
  });
  if (res.statusCode !== 200) throw new Error(`codeValidation ${res.statusCode}: ${res.body}`);
  return res.json().data.verification_token;
}

/** The code of the last e-mail sent to `email` by the outbox mail adapter. */
export function lastMailCode(app: FastifyInstance, email: string): string {
  if (!(app.mail instanceof OutboxMailAdapter)) throw new Error('tests need the outbox mail adapter');
  const code = /\b(\d{6})\b/.exec(app.mail.lastTo(email)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code was mailed to ${email}`);
  return code;
}

/** Proves the signed-in user's e-mail with the code mailed to it; returns the User. */
export async function proveEmail(app: FastifyInstance, headers: Record<string, string>) {
  const sent = await app.inject({ method: 'POST', url: '/api/user/email/send-code', headers });
  if (sent.statusCode !== 200) throw new Error(`email/send-code ${sent.statusCode}: ${sent.body}`);
  const me = (await app.inject({ url: '/api/user/me', headers })).json().data as { email: string };
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/email/verify',
    headers,
    payload: { code: lastMailCode(app, me.email) },
  });
  if (res.statusCode !== 200) throw new Error(`email/verify ${res.statusCode}: ${res.body}`);
  return res.json().data as { admin: boolean; email_verified: boolean };
}

export function newAccount(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const n = String(1000000 + counter + Math.floor(Math.random() * 8000000)).slice(-7);
  return {
    firstName: 'Aminata',
    email: `aminata${n}@example.org`,
    mobile_no: `+22177${n}`,
    country: 'SN',
    password: 'correct horse 1',
    account_type: 'withOutID',
    lat: 14.69,
    lng: -17.44,
    ...overrides,
  };
}

/** A registered and signed-in user. */
export async function signedUp(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const account = newAccount(overrides);
  const verification_token = await verifiedToken(app, account.mobile_no as string);
  const { user, auth_key } = await registerAndLogIn(app, account, verification_token);
  return { account, user, key: auth_key as string, headers: { 'access-token': auth_key as string } };
}

/** Registers `account` with the token of its proven number, then signs it in: `{ user, auth_key }`. */
export async function registerAndLogIn(
  app: FastifyInstance,
  account: ReturnType<typeof newAccount>,
  verification_token: string,
) {
  const reg = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { new_user: { ...account, verification_token } },
  });
  if (reg.statusCode !== 201) throw new Error(`register ${reg.statusCode}: ${reg.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: account.email, password: account.password },
  });
  return login.json().data;
}

/** A JPEG carrying EXIF GPS, as a phone camera writes it. */
export async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 41/1 0/1' } })
    .toBuffer();
}

export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: FormPart[]) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
