// A local SMTP server for the mail adapter's tests, built on `smtp-server`. It
// asks for AUTH PLAIN/LOGIN with one user and password, records every accepted message (envelope
// and decoded text), and refuses one recipient address with 550 as a real server refuses an
// unknown mailbox. Plain TCP on 127.0.0.1: nothing leaves the machine.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export const REFUSED_RECIPIENT = 'nobody@refused.example';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The user the client signed in as. */
  user: string | undefined;
  headers: Record<string, string>;
  /** The text body, with quoted-printable or base64 undone. */
  text: string;
}

export interface SmtpStub {
  host: string;
  port: number;
  user: string;
  password: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** Undoes a Content-Transfer-Encoding of a UTF-8 text part. */
function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

export function parseMessage(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(split + 4).replace(/\r\n$/, '');
  return { headers, text: decodeBody(body, headers['content-transfer-encoding']).replace(/\r\n/g, '\n') };
}

export async function startSmtpStub(): Promise<SmtpStub> {
  const user = 'mailer@market.example.org';
  const password = 'stub-smtp-password';
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Plain TCP: STARTTLS is not offered, so the client sends over the socket it has.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (address.address === REFUSED_RECIPIENT) {
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { headers, text } = parseMessage(Buffer.concat(chunks).toString('utf8'));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          headers,
          text,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
