// D-37 end to end, on both databases: whole USSD sessions posted as Africa's Talking posts them,
// every SMS sent through the real Africa's Talking adapter to its local stub.
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundSmsForm, startAfricasTalkingStub, type AfricasTalkingStub } from '../../../test/africastalking-stub.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { inDays } from '../../../test/deals.js';
import { publish, tractor } from '../../../test/posts.js';
import { smsTo, ussdSession, webAccount, type UssdStepLog } from '../../../test/ussd.js';
import { USSD_SCREEN_MAX } from './texts.js';

const SECRET = 'at-callback-9f8e7d6c5b4a';
const THIES = { pickup_lat: 14.7886, pickup_lng: -16.926, pickup_city: 'Thiès' };
let t: TestApp;
let stub: AfricasTalkingStub;
const transcripts: Record<string, UssdStepLog[]> = {};

beforeAll(async () => {
  stub = await startAfricasTalkingStub();
  t = await buildTestApp({
    RATE_LIMIT_SCALE: '100',
    PLACES_COUNTRIES: 'SN',
    SMS_PROVIDER: 'africastalking',
    AT_USERNAME: stub.username,
    AT_API_KEY: stub.apiKey,
    AT_API_URL: stub.url,
    AT_CALLBACK_SECRET: SECRET,
    PUBLIC_URL: 'https://marche.example.org',
  });
  await t.app.ready();
});
afterAll(async () => {
  // USSD_TRANSCRIPT=file keeps the sessions as a reader follows them (docs/ussd.md).
  if (process.env.USSD_TRANSCRIPT) writeFileSync(process.env.USSD_TRANSCRIPT, JSON.stringify(transcripts, null, 2));
  await t.close();
  await stub.close();
});

const ddmmyyyy = (plain: string) => `${plain.slice(8, 10)}${plain.slice(5, 7)}${plain.slice(0, 4)}`;
const fits = (log: UssdStepLog[]) => {
  for (const step of log) {
    expect(step.reply).toMatch(/^(CON|END) /);
    expect(step.reply.length - 4, step.reply).toBeLessThanOrEqual(USSD_SCREEN_MAX);
  }
};

describe('the callbacks', () => {
  it('answers 404 on any other path than the configured secret, for USSD and SMS', async () => {
    for (const url of ['/api/ussd/africastalking/wrong-secret-000000', '/api/sms/africastalking/x']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'sessionId=1&serviceCode=*1%23&phoneNumber=%2B221770000000&text=',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
});

describe('a USSD session per menu', () => {
  it('lets a registered user find a tractor near Thiès and request it; the owner gets the request', async () => {
    const owner = await webAccount(t.app, stub, { firstName: 'Ibrahima', language: 'fr-ca' });
    await publish(t.app, owner, { ...tractor(), ...THIES, description: 'Tracteur 65 CV avec chauffeur' });
    const awa = await webAccount(t.app, stub, { firstName: 'Awa', language: 'fr-ca' });
    const s = ussdSession(t.app, SECRET, awa.mobile);
    const main = await s.dial();
    expect(main).toContain('Trouver près de moi');
    const types = await s.pick(main, 'Trouver');
    const categories = await s.pick(types, 'Offres');
    const town = await s.pick(categories, 'Équipements');
    expect(town).toContain('Tapez le nom de votre ville');
    const towns = await s.answer('Thies');
    const results = await s.pick(towns, 'Thiès');
    expect(results).toMatch(/Tracteur \(par jour\), 8\s790\sF\sCFA, \d/);
    expect(await s.answer('1')).toContain('JJMM');
    expect(await s.answer(ddmmyyyy(inDays(3)))).toContain('court message');
    expect(await s.answer('Pour labourer 2 hectares')).toMatch(/^CON Demander .* \?\n1\. Envoyer/);
    expect(await s.answer('1')).toMatch(/^END Demande envoyée/);
    fits(s.log);
    transcripts.find = s.log;
    await smsTo(stub, owner.mobile, /Awa/);
    const requests = await t.app.inject({ method: 'GET', url: '/api/deals?status=requested', headers: owner.headers });
    expect(requests.json().data[0]).toMatchObject({ role: 'owner', note: 'Pour labourer 2 hectares', from: inDays(3) });
  });

  it('lets the owner confirm the request by USSD, and tells the requester', async () => {
    const owner = await webAccount(t.app, stub, { firstName: 'Modou', language: 'fr-ca' });
    const post = await publish(t.app, owner, { ...tractor(), ...THIES });
    const fatou = await webAccount(t.app, stub, { firstName: 'Fatou', language: 'en-us' });
    const asked = await t.app.inject({
      method: 'PUT',
      url: '/api/solution/solutionAccepted',
      headers: fatou.headers,
      payload: { user_id: fatou.user._id, solution_id: post._id, from: inDays(2), to: inDays(2) },
    });
    expect(asked.statusCode).toBe(200);
    const s = ussdSession(t.app, SECRET, owner.mobile);
    const deals = await s.pick(await s.dial(), 'Mes affaires');
    const list = await s.pick(deals, 'Demandes à traiter (1)');
    expect(await s.pick(list, 'Fatou')).toMatch(/Fatou demande .*\n1\. Confirmer\n2\. Refuser/);
    const done = await s.answer('1');
    // D-15 revised: the owner of an offer is the supplier side; the fee is due and said how to pay.
    expect(done).toMatch(
      /^END Confirmé\. Fatou .* Frais de .* mobile money \(Orange Money, Wave\) sur marche\.example\.org/,
    );
    fits(s.log);
    await smsTo(stub, fatou.mobile, /Modou/);
    const mine = await t.app.inject({ method: 'GET', url: '/api/deals', headers: fatou.headers });
    expect(mine.json().data[0].status).toBe('accepted');
  });

  it('registers an unknown number, which then publishes a need that shows on the map', async () => {
    const phone = '+221781234567';
    const s = ussdSession(t.app, SECRET, phone);
    expect(await s.dial()).toMatch(/^CON Bienvenue .* prénom/);
    expect(await s.answer('Moussa')).toContain('1. Sénégal');
    const main = await s.answer('1');
    expect(main).toMatch(/^CON Bienvenue Moussa !\n1\. Trouver/);
    const categories = await s.pick(main, 'Publier un besoin');
    const subs = await s.pick(categories, 'Équipements');
    expect(subs).toContain('Tracteur (par jour) 8');
    const town = await s.pick(subs, 'Tracteur');
    const towns = await s.answer('Thies');
    expect(await s.pick(towns, 'Thiès')).toContain('JJMM');
    expect(await s.answer(ddmmyyyy(inDays(5)))).toMatch(/Publier le besoin : Tracteur \(par jour\)\nThiès, /);
    expect(await s.answer('1')).toBe('END Publié. Votre besoin apparaît sur la carte.');
    fits(s.log);
    transcripts.publish = s.log;
    expect(town).toBe('CON Tapez le nom de votre ville :');
    const viewer = await webAccount(t.app, stub);
    const map = await t.app.inject({
      method: 'GET',
      url: '/api/solution/map?bbox=-17.2,14.5,-16.7,15.0&zoom=10&type=needSolution',
      headers: viewer.headers,
    });
    expect(map.statusCode).toBe(200);
    expect(map.json().data.points.some((p: { category: string }) => p.category === 'Equipments')).toBe(true);
  });

  it('changes nothing when a session ends halfway, and refuses a past date', async () => {
    const phone = '+221781234599';
    const s = ussdSession(t.app, SECRET, phone);
    await s.dial();
    await s.answer('Khady');
    const none = ussdSession(t.app, SECRET, phone);
    expect(await none.dial()).toMatch(/prénom/);
    const r = ussdSession(t.app, SECRET, phone);
    await r.dial();
    await r.answer('Khady');
    const main = await r.answer('1');
    const categories = await r.pick(main, 'Publier');
    const subs = await r.pick(categories, 'Équipements');
    const towns = await r.answer((await r.pick(subs, 'Tracteur')) && 'Thies');
    await r.pick(towns, 'Thiès');
    expect(await r.answer(ddmmyyyy(inDays(-2)))).toBe("END Cette date est passée ou n'existe pas.");
    const posts = await t.app.inject({
      method: 'GET',
      url: '/api/solution/map?bbox=-17.2,14.5,-16.7,15.0&zoom=10&type=needSolution',
      headers: (await webAccount(t.app, stub)).headers,
    });
    const before = posts.json().data.points.length;
    const half = ussdSession(t.app, SECRET, phone);
    const m2 = await half.dial();
    const c2 = await half.pick(m2, 'Publier');
    const s2 = await half.pick(c2, 'Équipements');
    await half.pick(s2, 'Tracteur');
    await half.pick(await half.answer('Thies'), 'Thiès');
    expect(await half.answer(ddmmyyyy(inDays(4)))).toContain('1. Publier');
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/solution/map?bbox=-17.2,14.5,-16.7,15.0&zoom=10&type=needSolution',
      headers: (await webAccount(t.app, stub)).headers,
    });
    expect(after.json().data.points.length).toBe(before);
  });

  it('turns SMS alerts on for the last search, and an inbound STOP turns them off', async () => {
    const user = await webAccount(t.app, stub, { firstName: 'Seydou', language: 'en-us' });
    const s = ussdSession(t.app, SECRET, user.mobile);
    const types = await s.pick(await s.dial(), 'Find near me');
    const categories = await s.pick(types, 'Offers');
    const towns = await s.answer((await s.pick(categories, 'Equipment')) && 'Thies');
    expect(await s.pick(towns, 'Thiès')).toMatch(/^CON Near Thiès:\n1\. /);
    const a = ussdSession(t.app, SECRET, user.mobile);
    const state = await a.pick(await a.dial(), 'Alerts');
    expect(state).toMatch(/SMS alerts for .*Thiès: OFF\n1\. On\n2\. Off/);
    expect(await a.answer('1')).toMatch(/^END SMS alerts on/);
    fits([...s.log, ...a.log]);
    const alerts = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/alerts', headers: user.headers })).json().data as {
        sms: boolean;
      }[];
    expect((await alerts()).map((x) => x.sms)).toEqual([true]);
    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/sms/africastalking/${SECRET}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: inboundSmsForm(user.mobile, 'stop'),
    });
    expect(stop.statusCode).toBe(200);
    expect((await alerts()).map((x) => x.sms)).toEqual([false]);
    await smsTo(stub, user.mobile, /SMS alerts are off/);
  });

  it('answers AIDE with the USSD code and the web address, in French for a Senegalese number', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sms/africastalking/${SECRET}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: inboundSmsForm('+221701112233', 'Aide'),
    });
    expect(res.statusCode).toBe(200);
    expect(await smsTo(stub, '+221701112233', /composez/)).toContain('*384*100#');
    expect(stub.messages.findLast((m) => m.to === '+221701112233')?.message).toContain('marche.example.org');
  });

  it('switches the language of the menu', async () => {
    const user = await webAccount(t.app, stub, { language: 'en-us' });
    const s = ussdSession(t.app, SECRET, user.mobile);
    const langs = await s.pick(await s.dial(), 'Language');
    expect(await s.pick(langs, 'Français')).toBe('END Langue : français.');
    expect(await ussdSession(t.app, SECRET, user.mobile).dial()).toContain('Trouver près de moi');
  });
});

describe('the simulator', () => {
  it('walks the same menu for a typed number outside production', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ussd/simulator',
      payload: { session_id: 'abcdefgh1', text: '', phone: '+221781230000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ reply: expect.stringMatching(/^CON Bienvenue/), end: false });
  });

  it('asks a visitor without an account for a number', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ussd/simulator',
      payload: { session_id: 'abcdefgh2', text: '' },
    });
    expect(res.statusCode).toBe(401);
  });
});
