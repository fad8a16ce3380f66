// A local stand-in for the part of Twilio's REST API the SMS adapter uses: create a message.
// It checks Basic auth and the form fields as Twilio does, answers with Twilio's resource and error
// shapes, records what it accepted, and can be told to refuse or hang on the next send.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TwilioStubOptions {
  accountSid?: string;
  authToken?: string;
}

/** Twilio's error body. */
export interface TwilioError {
  code: number;
  message: string;
  more_info: string;
  status: number;
}

/** The message resource Twilio answers with (the fields it always sends). */
export interface TwilioMessageResource {
  sid: string;
  account_sid: string;
  to: string;
  from: string;
  body: string;
  status: 'queued';
  direction: 'outbound-api';
  api_version: '2010-04-01';
  date_created: string;
  date_updated: string;
  date_sent: null;
  num_segments: string;
  num_media: '0';
  messaging_service_sid: null;
  price: null;
  price_unit: 'USD';
  error_code: null;
  error_message: null;
  uri: string;
  subresource_uris: { media: string };
}

export interface TwilioStub {
  /** Base URL to use as TWILIO_API_URL. */
  url: string;
  accountSid: string;
  authToken: string;
  /** Messages accepted (201), oldest first. */
  messages: TwilioMessageResource[];
  /** Every request that reached the stub, accepted or not. */
  requests: { method: string; path: string; authorization: string | undefined; contentType: string | undefined }[];
  /** The next authenticated send answers with this Twilio error (status defaults to 400). */
  failNext(code: number, message: string, status?: number): void;
  /** The next authenticated send never answers (until close). */
  hangNext(): void;
  close(): Promise<void>;
}

export const INVALID_TO_NUMBER = 21211;

const moreInfo = (code: number) => `https://www.twilio.com/docs/errors/${code}`;
const twilioError = (code: number, message: string, status: number): TwilioError => ({
  code,
  message,
  more_info: moreInfo(code),
  status,
});
// Twilio dates are RFC 2822 with a numeric zone.
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

export async function startTwilioStub(opts: TwilioStubOptions = {}): Promise<TwilioStub> {
  const accountSid = opts.accountSid ?? `AC${randomBytes(16).toString('hex')}`;
  const authToken = opts.authToken ?? randomBytes(16).toString('hex');
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;

  const messages: TwilioMessageResource[] = [];
  const requests: TwilioStub['requests'] = [];
  let next: { kind: 'fail'; error: TwilioError } | { kind: 'hang' } | undefined;

  const send = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://stub').pathname;
    requests.push({
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
    });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);

    if (req.method !== 'POST' || !path.startsWith('/2010-04-01/Accounts/') || !path.endsWith('/Messages.json')) {
      send(res, 404, twilioError(20404, `The requested resource ${path} was not found`, 404));
      return;
    }
    if (req.headers.authorization !== expectedAuth) {
      send(res, 401, twilioError(20003, 'Authenticate', 401));
      return;
    }
    if (path !== messagesPath) {
      send(res, 404, twilioError(20404, `The requested resource ${path} was not found`, 404));
      return;
    }
    const isForm = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
    const form = new URLSearchParams(isForm ? Buffer.concat(chunks).toString('utf8') : '');
    const to = form.get('To');
    const from = form.get('From');
    const body = form.get('Body');
    if (!to) return send(res, 400, twilioError(21604, "A 'To' phone number is required.", 400));
    if (!from) return send(res, 400, twilioError(21603, "A 'From' phone number is required.", 400));
    if (!body) return send(res, 400, twilioError(21602, 'Message body is required.', 400));

    const planned = next;
    next = undefined;
    if (planned?.kind === 'hang') return; // the connection stays open until close()
    if (planned?.kind === 'fail') return send(res, planned.error.status, planned.error);

    const sid = `SM${randomBytes(16).toString('hex')}`;
    const now = rfc2822(new Date());
    const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`;
    const resource: TwilioMessageResource = {
      sid,
      account_sid: accountSid,
      to,
      from,
      body,
      status: 'queued',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      date_sent: null,
      num_segments: String(Math.max(1, Math.ceil(body.length / 160))),
      num_media: '0',
      messaging_service_sid: null,
      price: null,
      price_unit: 'USD',
      error_code: null,
      error_message: null,
      uri,
      subresource_uris: { media: uri.replace(/\.json$/, '/Media.json') },
    };
    messages.push(resource);
    send(res, 201, resource);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, twilioError(20500, `Internal Server Error: ${String(error)}`, 500));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    requests,
    failNext(code, message, status = 400) {
      next = { kind: 'fail', error: twilioError(code, message, status) };
    },
    hangNext() {
      next = { kind: 'hang' };
    },
    close() {
      // Hanging requests would keep close() waiting forever.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
