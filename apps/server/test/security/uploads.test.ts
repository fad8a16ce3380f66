// Hostile uploads against the real server, a child process listening on a port,
// so body limits, the multipart parser and memory are the production ones (PostgreSQL database,
// local storage). Each attack is refused with a 4xx envelope and stores nothing: no post, no user,
// no file under the storage folder. The process's peak memory (VmHWM) stays under a ceiling.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERRORS, type ErrorCode } from '@app/shared';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, type FormPart } from '../accounts.js';
import { throwawayDatabaseUrl } from '../databases.js';
import { tractor } from '../posts.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import {
  HTML_PAYLOAD,
  bombPng,
  jpegHtmlPolyglot,
  lyingPng,
  pdfNamedJpg,
  photoCarryingPayload,
  pngZipPolyglot,
} from './upload-fixtures.js';
import { rawRequest, type Answer } from './raw-http.js';

const PORT = 35_401;
/** A generous bound: the server idles near 150 MB; decoding the bomb would need gigabytes. */
const MEMORY_CEILING_MB = 512;
const MB = 1024 * 1024;

let server: ServerProcess;
let database: { url: string; drop(): Promise<void> };
let db: pg.Client;
const dataDir = mkdtempSync(join(tmpdir(), 'uploads-attack-'));
const uploads = join(dataDir, 'uploads');
let me: { id: string; headers: Record<string, string>; email: string; password: string };
let baselineMb = 0;

/** One request to the server under attack (raw-http.ts). */
const send = (...args: Parameters<typeof rawRequest> extends [number, ...infer R] ? R : never) =>
  rawRequest(PORT, ...args);

/** The shared form builder (test/accounts.ts), shaped as `send` takes it. */
function form(parts: FormPart[]) {
  const { payload, headers } = multipart(parts);
  return { body: payload, headers };
}

const json = (value: unknown) => ({
  body: Buffer.from(JSON.stringify(value)),
  headers: { 'content-type': 'application/json' },
});

const post = () => JSON.stringify(tractor());

/** addSolution with one file part. */
function publishWith(file: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const f = form([
    { name: 'new_solution', value: post() },
    { name: 'files', value: file, filename, type },
  ]);
  return send('POST', '/api/solution/addSolution', { ...me.headers, ...f.headers }, f.body);
}

let mobileCounter = 0;
const newMobile = () =>
  `+22176${String(Date.now() % 100_000).padStart(5, '0')}${String(mobileCounter++).padStart(2, '0')}`;

/** The verification token of a number, with the code read from the server's log (console SMS). */
async function verificationToken(mobile: string): Promise<string> {
  const sent = json({ mobile_no: mobile });
  const res = await send('POST', '/api/user/sendMessage', sent.headers, sent.body);
  expect(res.status, res.body).toBe(200);
  const escaped = mobile.replace('+', '\\+');
  const code = (await server.waitForOutput(new RegExp(`SMS to ${escaped}: [^"]*?(\\d{6})`)))[1]!;
  const check = json({ mobile_no: mobile, code });
  const checked = await send('POST', '/api/user/codeValidation', check.headers, check.body);
  expect(checked.status, checked.body).toBe(200);
  return JSON.parse(checked.body).data.verification_token;
}

const newUser = (mobile: string, token: string, accountType = 'withOutID') => ({
  firstName: 'Awa',
  lastName: 'Ndiaye',
  email: `awa${mobile.slice(-9)}@example.org`,
  mobile_no: mobile,
  country: 'SN',
  physical_address: 'Dakar',
  password: 'correct horse 1',
  account_type: accountType,
  lat: 14.69,
  lng: -17.44,
  verification_token: token,
});

/** How many requests the server logged as refused with `status`. */
const refusals = (status: number) =>
  server.logs().filter((line) => line.msg === 'request refused' && line.status === status).length;

const vmHwmMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
};

const storedFiles = () => {
  try {
    return readdirSync(uploads, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
};

async function counts() {
  const { rows } = await db.query<{ users: number; solutions: number; images: number }>(
    'select (select count(*)::int from users) as users, (select count(*)::int from solutions) as solutions, ' +
      '(select count(*)::int from solution_images) as images',
  );
  return { ...rows[0]!, files: storedFiles().length };
}

function expectRefused(res: Answer, status: number, code: ErrorCode) {
  expect(res.status, res.body).toBe(status);
  const body = JSON.parse(res.body) as { code: string; message: string };
  expect(body.code).toBe(code);
  expect(ERRORS[code].status).toBe(status);
  expect(typeof body.message).toBe('string');
}

beforeAll(async () => {
  database = await throwawayDatabaseUrl();
  db = new pg.Client({ connectionString: database.url });
  server = await startServerProcess({
    port: PORT,
    env: { DATABASE_URL: database.url, DATA_DIR: dataDir, RATE_LIMIT_SCALE: '100', DEMO_DATA: 'false' },
  });
  await db.connect();
  const mobile = newMobile();
  const account = newUser(mobile, await verificationToken(mobile));
  const created = json({ new_user: account });
  const reg = await send('POST', '/api/user/register', created.headers, created.body);
  expect(reg.status, reg.body).toBe(201);
  const login = json({ email: account.email, password: account.password });
  const res = await send('POST', '/api/user/login', login.headers, login.body);
  expect(res.status, res.body).toBe(200);
  const data = JSON.parse(res.body).data;
  me = {
    id: data.user._id,
    headers: { 'access-token': data.auth_key },
    email: account.email,
    password: account.password,
  };
  baselineMb = vmHwmMb();
}, 120_000);

afterAll(async () => {
  await server?.stop('SIGTERM').catch(() => server.kill());
  await db?.end();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('hostile uploads to the real server', { timeout: 60_000 }, () => {
  const attacks: { name: string; file: () => Buffer; filename?: string; type?: string }[] = [
    { name: 'a JPEG/HTML polyglot', file: jpegHtmlPolyglot },
    { name: 'a PNG/ZIP polyglot', file: pngZipPolyglot, filename: 'photo.png', type: 'image/png' },
    { name: 'a .jpg that is a PDF', file: pdfNamedJpg },
    {
      name: 'a PNG whose header claims 4000×3000 its data does not have',
      file: lyingPng,
      filename: 'photo.png',
      type: 'image/png',
    },
    {
      name: 'a decompression bomb (30000×30000 PNG of 110 KB)',
      file: () => bomb,
      filename: 'photo.png',
      type: 'image/png',
    },
  ];
  let bomb: Buffer;
  beforeAll(async () => {
    bomb = bombPng();
    // The bomb is a real one: its header declares 900 million pixels.
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height, bomb.length < 200 * 1024]).toEqual([30_000, 30_000, true]);
  });

  for (const attack of attacks) {
    it(`refuses ${attack.name} as a post's photo with 415 and stores nothing`, async () => {
      const before = await counts();
      const res = await publishWith(attack.file(), attack.filename, attack.type);
      expectRefused(res, 415, 'UNSUPPORTED_MEDIA');
      expect(await counts()).toEqual(before);
    });
  }

  it('refuses a decompression bomb as an ID image at registration, and the number can still register', async () => {
    const mobile = newMobile();
    const token = await verificationToken(mobile);
    const account = newUser(mobile, token, 'withID');
    const before = await counts();
    const bad = form([
      { name: 'new_user', value: JSON.stringify(account) },
      { name: 'files', value: bomb, filename: 'id.png', type: 'image/png' },
    ]);
    expectRefused(await send('POST', '/api/user/register', bad.headers, bad.body), 415, 'UNSUPPORTED_MEDIA');
    expect(await counts()).toEqual(before);
    // The refusal spent nothing: the same verification token registers with a real ID photo.
    const photo = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const good = form([
      { name: 'new_user', value: JSON.stringify(account) },
      { name: 'files', value: photo, filename: 'id.jpg', type: 'image/jpeg' },
    ]);
    const res = await send('POST', '/api/user/register', good.headers, good.body);
    expect(res.status, res.body).toBe(201);
  });

  it('refuses a PNG/ZIP polyglot as the profile image and keeps the profile as it was', async () => {
    const before = await counts();
    const profileBefore = JSON.parse((await send('GET', '/api/user/me', me.headers)).body).data;
    const f = form([
      { name: 'user_id', value: me.id },
      { name: 'update_data', value: JSON.stringify({ physical_address: 'Somewhere else' }) },
      { name: 'files', value: pngZipPolyglot(), filename: 'me.png', type: 'image/png' },
    ]);
    expectRefused(
      await send('PUT', '/api/user/updateUser', { ...me.headers, ...f.headers }, f.body),
      415,
      'UNSUPPORTED_MEDIA',
    );
    expect(await counts()).toEqual(before);
    const profile = JSON.parse((await send('GET', '/api/user/me', me.headers)).body).data;
    expect(profile).toEqual(profileBefore);
  });

  it('refuses a 50 MB photo with 413 without storing it', async () => {
    const before = await counts();
    const huge = Buffer.alloc(50 * MB, 0);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    expectRefused(await publishWith(huge), 413, 'PAYLOAD_TOO_LARGE');
    expect(await counts()).toEqual(before);
  });

  for (const chunked of [false, true]) {
    it(`refuses a 50 MB JSON body ${chunked ? 'sent chunked' : 'of declared length'} with 413`, async () => {
      const before = await counts();
      const body = Buffer.from(JSON.stringify({ email: me.email, password: 'x'.repeat(50 * MB) }));
      const headers = { 'content-type': 'application/json' };
      const refusedBefore = refusals(413);
      const res = await send('POST', '/api/user/login', headers, body, { chunked }).catch((error: Error) => error);
      if (res instanceof Error) {
        // The server answers once past its limit and closes; a reset can still beat the answer to
        // the client (TCP discards it), so the server's own log shows the refusal instead.
        expect(res.message).toMatch(/EPIPE|ECONNRESET|without an answer/);
        // The child's log line may arrive after the reset: wait for it, bounded.
        await expect.poll(() => refusals(413), { timeout: 10_000 }).toBe(refusedBefore + 1);
      } else {
        expectRefused(res, 413, 'PAYLOAD_TOO_LARGE');
      }
      expect(await counts()).toEqual(before);
    });
  }

  it('refuses a form of 100 parts with 413 and stores nothing', async () => {
    const before = await counts();
    const parts = [
      { name: 'new_solution', value: post() },
      ...Array.from({ length: 99 }, (_, i) => ({ name: `f${i}`, value: 'v' })),
    ];
    const f = form(parts);
    expectRefused(
      await send('POST', '/api/solution/addSolution', { ...me.headers, ...f.headers }, f.body),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses four 50 MB uploads and four bombs sent at once, and nothing is stored', async () => {
    const before = await counts();
    const huge = Buffer.alloc(50 * MB, 0x41);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => publishWith(huge)),
      ...Array.from({ length: 4 }, () => publishWith(bomb, 'photo.png', 'image/png')),
    ]);
    expect(answers.map((a) => a.status)).toEqual([413, 413, 413, 413, 415, 415, 415, 415]);
    expect(await counts()).toEqual(before);
  });

  it('stores a real photo carrying HTML and a ZIP only re-encoded, without the payload', async () => {
    const res = await publishWith(await photoCarryingPayload());
    expect(res.status, res.body).toBe(201);
    const image = JSON.parse(res.body).data.images[0] as { url: string };
    const served = await fetch(`${server.url}${image.url}`, { headers: me.headers });
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(bytes.includes(Buffer.from('<script>'))).toBe(false);
    expect(bytes.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
    for (const file of storedFiles()) expect(readFileSync(file).includes(Buffer.from(HTML_PAYLOAD)), file).toBe(false);
  });

  it(`kept the server's peak memory under ${MEMORY_CEILING_MB} MB through every attack`, () => {
    const peakMb = vmHwmMb();
    console.log(`uploads: server VmHWM ${baselineMb.toFixed(0)} MB before the attacks, ${peakMb.toFixed(0)} MB after`);
    expect(peakMb).toBeLessThan(MEMORY_CEILING_MB);
  });
});
