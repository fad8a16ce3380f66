// A local stand-in for the parts of Africa's Talking this product uses. As the provider: the SMS
// send call (POST /version1/messaging, form, `apiKey` header, JSON SMSMessageData.Recipients).
// As the network: `dial` and `textIn` post to the app's callbacks the forms Africa's Talking posts
// (USSD: sessionId, serviceCode, phoneNumber, text joined by `*`; inbound SMS: from, to, text, date,
// id, linkId), so the app is driven as the real gateway would drive it.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AtSentMessage {
  username: string;
  to: string;
  message: string;
  from: string | null;
  messageId: string;
}

export interface AfricasTalkingStub {
  /** Base URL to use as AT_API_URL. */
  url: string;
  username: string;
  apiKey: string;
  messages: AtSentMessage[];
  /** The next send's recipient gets this status code (403 InvalidPhoneNumber, 405 InsufficientBalance...). */
  failNext(statusCode: number, status: string): void;
  close(): Promise<void>;
}

export async function startAfricasTalkingStub(
  opts: { username?: string; apiKey?: string } = {},
): Promise<AfricasTalkingStub> {
  const username = opts.username ?? 'sandbox';
  const apiKey = opts.apiKey ?? `atsk_${randomBytes(20).toString('hex')}`;
  const messages: AtSentMessage[] = [];
  let next: { statusCode: number; status: string } | undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? '/', 'http://stub').pathname;
    const plain = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(text);
    };
    if (req.method !== 'POST' || path !== '/version1/messaging') return plain(404, 'Not Found');
    if (req.headers.apikey !== apiKey) return plain(401, 'The supplied authentication is invalid');
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    if (form.get('username') !== username) return plain(401, 'The supplied authentication is invalid');
    const to = form.get('to');
    const message = form.get('message');
    if (!to || !message) return plain(400, 'Request is missing required form field');
    const planned = next;
    next = undefined;
    const messageId = `ATXid_${randomBytes(12).toString('hex')}`;
    const ok = planned === undefined;
    if (ok) messages.push({ username, to, message, from: form.get('from'), messageId });
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        SMSMessageData: {
          Message: ok ? 'Sent to 1/1 Total Cost: XOF 20.0000' : 'Sent to 0/1 Total Cost: 0',
          Recipients: [
            {
              statusCode: planned?.statusCode ?? 101,
              number: to,
              status: planned?.status ?? 'Success',
              cost: ok ? 'XOF 20.0000' : '0',
              messageId: ok ? messageId : 'None',
            },
          ],
        },
      }),
    );
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    username,
    apiKey,
    messages,
    failNext(statusCode, status) {
      next = { statusCode, status };
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

/** The USSD callback form Africa's Talking posts for one step of a session. */
export const ussdForm = (sessionId: string, phoneNumber: string, text: string, serviceCode = '*384*100#') =>
  new URLSearchParams({ sessionId, serviceCode, phoneNumber, networkCode: '60801', text }).toString();

/** The inbound SMS callback form Africa's Talking posts. */
export const inboundSmsForm = (from: string, text: string, to = '20880') =>
  new URLSearchParams({
    from,
    to,
    text,
    date: new Date().toISOString().replace('T', ' ').slice(0, 19),
    id: randomBytes(8).toString('hex'),
    linkId: randomBytes(8).toString('hex'),
  }).toString();
