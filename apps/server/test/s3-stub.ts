// A local stand-in for the part of the S3 REST API the storage adapter uses: path-style PUT, GET
// and DELETE of one object. It refuses requests not signed with SigV4 for its access key (it
// checks the key id in the Authorization header, not the signature itself), answers with S3's
// XML errors, records every request, and can be told to stop answering.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Stub {
  /** Base URL to use as S3_ENDPOINT (path-style). */
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stored objects by key. */
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  /** Every request that reached the stub, accepted or not. */
  requests: { method: string; bucket: string; key: string; authorization: string | undefined }[];
  /** While set, every request gets no answer ('headers'), or headers and half the body ('body'). */
  hang: 'headers' | 'body' | undefined;
  close(): Promise<void>;
}

const ERRORS = {
  AccessDenied: [403, 'Access Denied'],
  InvalidAccessKeyId: [403, 'The AWS Access Key Id you provided does not exist in our records.'],
  NoSuchBucket: [404, 'The specified bucket does not exist'],
  NoSuchKey: [404, 'The specified key does not exist.'],
  MethodNotAllowed: [405, 'The specified method is not allowed against this resource.'],
} as const;

function sendError(res: ServerResponse, code: keyof typeof ERRORS) {
  const [status, message] = ERRORS[code];
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
      `<RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`,
  );
}

export async function startS3Stub(): Promise<S3Stub> {
  const bucket = 'test-bucket';
  const accessKeyId = `AKIA${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(20).toString('base64');
  const objects: S3Stub['objects'] = new Map();
  const requests: S3Stub['requests'] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const [first = '', ...rest] = new URL(req.url ?? '/', 'http://stub').pathname.slice(1).split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const method = req.method ?? '';
    const authorization = req.headers.authorization;
    requests.push({ method, bucket: decodeURIComponent(first), key, authorization });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);

    if (stub.hang === 'headers') return; // the connection stays open until close()
    if (stub.hang === 'body') {
      res.writeHead(200, { 'content-type': 'image/webp', 'content-length': '100' });
      res.write(Buffer.alloc(50));
      return;
    }
    if (!authorization?.startsWith('AWS4-HMAC-SHA256 ')) return sendError(res, 'AccessDenied');
    if (!authorization.includes(` Credential=${accessKeyId}/`)) return sendError(res, 'InvalidAccessKeyId');
    if (decodeURIComponent(first) !== bucket) return sendError(res, 'NoSuchBucket');

    if (method === 'PUT') {
      objects.set(key, { body: Buffer.concat(chunks), contentType: req.headers['content-type'] });
      res.writeHead(200, { etag: '"stub"' }).end();
    } else if (method === 'GET') {
      const object = objects.get(key);
      if (!object) return sendError(res, 'NoSuchKey');
      res.writeHead(200, { 'content-type': object.contentType ?? 'binary/octet-stream' }).end(object.body);
    } else if (method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      sendError(res, 'MethodNotAllowed');
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const stub: S3Stub = {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    hang: undefined,
    close() {
      // Hanging requests would keep close() waiting forever.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
  return stub;
}
