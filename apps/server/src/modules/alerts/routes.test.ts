// D-36: alerts. POST/GET/DELETE /api/alerts on one's own alerts only, and the jobs a publish sends:
// a matching post reaches the alert's owner (mailbox, in their language, opening the post); a post
// outside the radius, of the other type, or the owner's own reaches no one; SMS at most 3 a day,
// none at night (held for 07:00), and "STOP" stops. Runs on PGlite (server) and PostgreSQL
// (server-postgres). JOBS=off: the jobs a publish sends wait in `app.jobs.unsent`, run here.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleSmsAdapter } from '../../adapters/sms/console.js';
import { signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { publish, tractor } from '../../../test/posts.js';
import { ALERT_MATCH_JOB, ALERT_SMS_JOB, type HeldSms } from './service.js';

type Account = Awaited<ReturnType<typeof signedUp>>;
const HOUR = 3_600_000;

let t: TestApp;
let supplier: Account;
let farmer: Account;
let other: Account;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '100' });
  await t.app.ready();
  supplier = await signedUp(t.app, { firstName: 'Fatou' });
  farmer = await signedUp(t.app, { firstName: 'Ousmane' });
  other = await signedUp(t.app, { firstName: 'Binta' });
  // D-24: the supplier reads French.
  const lang = await t.app.inject({
    method: 'PUT',
    url: '/api/user/addNotiLanguage',
    headers: supplier.headers,
    payload: { language: 'fr-ca' },
  });
  expect(lang.statusCode, lang.body).toBe(200);
});
afterAll(() => t.close());

const create = (who: Account, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/alerts', headers: who.headers, payload: body });
const list = async (who: Account) => {
  const res = await t.app.inject({ url: '/api/alerts', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; last_match_at: string | null; last_solution_id: string | null }[];
};
const remove = (who: Account, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/alerts/${id}`, headers: who.headers });
const clearAll = async (who: Account) => {
  for (const alert of await list(who)) expect((await remove(who, alert._id)).statusCode).toBe(204);
};
const mailbox = async (who: Account) => {
  const res = await t.app.inject({ url: `/api/notify/getUserNotif/${who.user._id}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { message_en: string; message_fr: string; solution_id?: string }[];
};
const alertSms = (who: Account) =>
  (t.app.sms as ConsoleSmsAdapter).messagesTo(who.account.mobile_no as string).filter((m) => /^Alert/.test(m.text));

/** What the queue would do: every job the publish calls sent, run now (a held SMS when due). */
async function runJobs(dueBy = t.app.clock.now()) {
  const results: unknown[] = [];
  const left: typeof t.app.jobs.unsent = [];
  for (const job of t.app.jobs.unsent.splice(0)) {
    if (job.startAfter && job.startAfter > dueBy) left.push(job);
    else if (job.name === ALERT_MATCH_JOB)
      results.push(await t.app.alerts.matchPost((job.data as { solutionId: string }).solutionId));
    else if (job.name === ALERT_SMS_JOB) results.push(await t.app.alerts.sendHeld(job.data as HeldSms));
  }
  t.app.jobs.unsent.push(...left);
  return results;
}

/** Moves the app's clock to the next `hour`:00 UTC (Dakar's time, UTC+0). */
function clockTo(hour: number) {
  const now = t.app.clock.now();
  const next = new Date(now);
  next.setUTCHours(hour, 0, 0, 0);
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  t.app.clock.advance(next.getTime() - now.getTime());
}

/** A farmer's ploughing need in Thiès (the tractor sub-category). */
const ploughing = (extra: Record<string, unknown> = {}) => ({
  ...tractor('needSolution'),
  title: 'Tracteur pour labour',
  description: 'Labour de 3 hectares',
  pickup_city: 'Thiès',
  pickup_lat: 14.79,
  pickup_lng: -16.93,
  ...extra,
});
const THIES = '-16.93,14.79';

describe('POST/GET/DELETE /api/alerts', () => {
  beforeEach(async () => {
    await clearAll(supplier);
    await clearAll(other);
  });

  it('creates an alert, lists it to its owner only, and deletes it (others get 404)', async () => {
    const res = await create(supplier, {
      type: 'needSolution',
      q: 'tracteur',
      category: 'Equipments',
      near: THIES,
      radius_km: 30,
      sms: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const alert = res.json().data;
    expect(alert).toMatchObject({
      type: 'needSolution',
      q: 'tracteur',
      category: 'Equipments',
      sub_category_id: null,
      lng: -16.93,
      lat: 14.79,
      radius_km: 30,
      sms: true,
      last_match_at: null,
    });
    expect((await list(supplier)).map((a) => a._id)).toEqual([alert._id]);
    expect(await list(other)).toEqual([]);
    expect((await remove(other, alert._id)).statusCode).toBe(404);
    expect((await list(supplier)).map((a) => a._id)).toEqual([alert._id]);
    expect((await remove(supplier, alert._id)).statusCode).toBe(204);
    expect(await list(supplier)).toEqual([]);
    expect((await remove(supplier, alert._id)).statusCode).toBe(404);
  });

  it('answers 409 LIMIT_REACHED past 20 alerts', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await create(other, { near: THIES, radius_km: 5 + i })).statusCode).toBe(201);
    }
    const res = await create(other, { near: THIES, radius_km: 50 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LIMIT_REACHED' });
    expect(await list(other)).toHaveLength(20);
  });

  it('refuses a radius outside 1-200 km, a bad point, a sub-category of another category, and visitors', async () => {
    for (const body of [
      { near: THIES, radius_km: 0 },
      { near: THIES, radius_km: 201 },
      { near: 'abc', radius_km: 10 },
      { radius_km: 10 },
      { near: THIES, radius_km: 10, type: 'both' },
      { near: THIES, radius_km: 10, category: 'Space', sub_category_id: 'equipment-tractor' },
    ]) {
      const res = await create(supplier, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    }
    const visitor = await t.app.inject({ method: 'POST', url: '/api/alerts', payload: { near: THIES, radius_km: 5 } });
    expect(visitor.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/alerts' })).statusCode).toBe(401);
  });
});

describe('matching a published post (the alert-match job)', () => {
  beforeEach(async () => {
    await clearAll(supplier);
    await clearAll(other);
    await clearAll(farmer);
    await runJobs();
    // Daytime in Dakar: no quiet hours in the way.
    clockTo(10);
  });

  it('tells the owner of a matching alert in their language, opening the post, and records the last match', async () => {
    const alert = (await create(supplier, { type: 'needSolution', q: 'tracter', near: THIES, radius_km: 30 })).json()
      .data;
    const before = (await mailbox(supplier)).length;
    const need = await publish(t.app, farmer, ploughing());
    // The publish call only queued the work.
    expect(t.app.jobs.unsent).toEqual([
      { name: ALERT_MATCH_JOB, data: { solutionId: need._id }, startAfter: undefined },
    ]);
    expect(await runJobs()).toEqual([{ matched: 1, told: 1, sms: {} }]);
    const box = await mailbox(supplier);
    expect(box).toHaveLength(before + 1);
    expect(box[0]).toMatchObject({ solution_id: need._id });
    expect(box[0]!.message_fr).toContain('Tracteur pour labour');
    expect(box[0]!.message_fr).toContain('Nouveau besoin');
    const [listed] = await list(supplier);
    expect(listed).toMatchObject({ _id: alert._id, last_solution_id: need._id });
    expect(listed!.last_match_at).not.toBeNull();
    // Run twice (a retry, another instance): nobody is told twice.
    await t.app.alerts.matchPost(need._id);
    expect(await mailbox(supplier)).toHaveLength(before + 1);
  });

  it('tells no one of a post outside the radius, of the other type, of other words, or their own', async () => {
    await create(supplier, { type: 'needSolution', q: 'tracteur', near: THIES, radius_km: 30 });
    // The farmer's own alert for needs, which their own need matches in every other way.
    await create(farmer, { type: 'needSolution', q: 'tracteur', near: THIES, radius_km: 30 });
    const supplierBefore = (await mailbox(supplier)).length;
    const farmerBefore = (await mailbox(farmer)).length;
    // Niamey, far outside 30 km; an offer, not a need; a need of other words; the farmer's own.
    await publish(t.app, farmer, ploughing({ pickup_city: 'Niamey', pickup_lat: 13.51, pickup_lng: 2.11 }));
    await publish(t.app, other, ploughing({ user_role: 'provideSolution' }));
    await publish(t.app, farmer, {
      ...ploughing(),
      category: 'Space',
      sub_category_id: 'space-room',
      title: 'Chambre froide',
      description: 'Pour les oignons',
    });
    const results = await runJobs();
    expect(results).toHaveLength(3);
    expect(results.every((r) => (r as { told: number }).told === 0)).toBe(true);
    expect(await mailbox(supplier)).toHaveLength(supplierBefore);
    expect(await mailbox(farmer)).toHaveLength(farmerBefore);
  });

  it('matches an alert for offers with an offer, and one without words or type with any post near it', async () => {
    const offers = (await create(farmer, { type: 'provideSolution', q: 'tracteur', near: THIES, radius_km: 30 })).json()
      .data;
    const anything = (await create(other, { near: THIES, radius_km: 30 })).json().data;
    const offer = await publish(t.app, supplier, ploughing({ user_role: 'provideSolution', description: 'À louer' }));
    expect(await runJobs()).toEqual([{ matched: 2, told: 2, sms: {} }]);
    expect((await list(farmer)).find((a) => a._id === offers._id)?.last_solution_id).toBe(offer._id);
    expect((await list(other)).find((a) => a._id === anything._id)?.last_solution_id).toBe(offer._id);
  });

  async function publishOne(n: number) {
    await publish(t.app, farmer, ploughing({ description: `Labour de ${n} hectares` }));
    return runJobs();
  }

  it('sends at most 3 alert SMS a day, in the owner language; the 4th reaches the mailbox only', async () => {
    await create(supplier, { type: 'needSolution', q: 'labour', near: THIES, radius_km: 30, sms: true });
    const smsBefore = alertSms(supplier).length;
    const boxBefore = (await mailbox(supplier)).length;
    for (let n = 1; n <= 3; n++) expect(await publishOne(n)).toEqual([{ matched: 1, told: 1, sms: { sent: 1 } }]);
    expect(await publishOne(4)).toEqual([{ matched: 1, told: 1, sms: { over_limit: 1 } }]);
    await expect.poll(() => alertSms(supplier).length).toBe(smsBefore + 3);
    expect(await mailbox(supplier)).toHaveLength(boxBefore + 4);
    const text = alertSms(supplier).at(-1)!.text;
    expect(text).toMatch(/^Alerte : Tracteur pour labour, .* Thiès .*\/s\/[0-9a-f-]{36} STOP/);
    expect(text.length).toBeLessThanOrEqual(160);
    // The next day in Dakar, three more may go.
    clockTo(8);
    expect(await publishOne(5)).toEqual([{ matched: 1, told: 1, sms: { sent: 1 } }]);
  });

  it('holds an SMS at 22:00 until 07:00 in the owner country; the mailbox gets it at once', async () => {
    await create(supplier, { type: 'needSolution', q: 'labour', near: THIES, radius_km: 30, sms: true });
    clockTo(22);
    const smsBefore = alertSms(supplier).length;
    const boxBefore = (await mailbox(supplier)).length;
    expect(await publishOne(6)).toEqual([{ matched: 1, told: 1, sms: { held: 1 } }]);
    expect(await mailbox(supplier)).toHaveLength(boxBefore + 1);
    const held = t.app.jobs.unsent.filter((j) => j.name === ALERT_SMS_JOB);
    expect(held).toHaveLength(1);
    // Senegal is on UTC: 07:00 the next morning, 9 hours later.
    const due = held[0]!.startAfter!;
    expect(due.toISOString()).toMatch(/T07:00:00\.000Z$/);
    expect(due.getTime() - t.app.clock.now().getTime()).toBeGreaterThan(8 * HOUR);
    expect(due.getTime() - t.app.clock.now().getTime()).toBeLessThanOrEqual(9 * HOUR);
    expect(await runJobs()).toEqual([]);
    expect(alertSms(supplier)).toHaveLength(smsBefore);
    clockTo(7);
    expect(await runJobs()).toEqual(['sent']);
    await expect.poll(() => alertSms(supplier).length).toBe(smsBefore + 1);
  });

  it('"STOP" on the alerts screen turns SMS alerts off; held ones are not sent either', async () => {
    const alert = (
      await create(supplier, { type: 'needSolution', q: 'labour', near: THIES, radius_km: 30, sms: true })
    ).json().data;
    clockTo(22);
    await publishOne(7);
    const smsBefore = alertSms(supplier).length;
    const stop = await t.app.inject({ method: 'POST', url: '/api/alerts/stop', headers: supplier.headers });
    expect(stop.json()).toEqual({ data: { stopped: 1 } });
    expect((await list(supplier))[0]).toMatchObject({ _id: alert._id, sms: false });
    clockTo(7);
    expect(await runJobs()).toEqual(['stopped']);
    clockTo(10);
    expect(await publishOne(8)).toEqual([{ matched: 1, told: 1, sms: {} }]);
    expect(alertSms(supplier)).toHaveLength(smsBefore);
    // The switch turns it back on, for the owner only.
    const other404 = await t.app.inject({
      method: 'PATCH',
      url: `/api/alerts/${alert._id}`,
      headers: other.headers,
      payload: { sms: true },
    });
    expect(other404.statusCode).toBe(404);
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/alerts/${alert._id}`,
      headers: supplier.headers,
      payload: { sms: true },
    });
    expect(on.json().data).toMatchObject({ sms: true });
  });

  it('the SMS short link opens the post', async () => {
    const need = await publish(t.app, farmer, ploughing());
    await runJobs();
    const res = await t.app.inject({ url: `/s/${need._id}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/clientsdetails/${need._id}/${farmer.user._id}`);
  });
});
