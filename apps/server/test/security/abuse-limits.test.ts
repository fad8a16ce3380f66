// The abuse limits, each proven from outside as a script would meet them:
// guessing an SMS code, password resets, posting, profile updates and payment calls. (Sign-in per account and SMS
// sends per number and per address are proven in modules/users/accounts.test.ts.)
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { lastCode, multipart, newAccount, signedUp } from '../accounts.js';
import { publish, tractor } from '../posts.js';

const tally = (statuses: string[]) =>
  statuses.reduce<Record<string, number>>((counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }), {});

/**
 * 1,000 guesses at one number's code, asking for a new code whenever one is locked. Every 50th
 * guess is the right code of the moment, so the script would win were it not for the limits.
 */
async function guessingAttack(t: TestApp, mobile: string) {
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  let right = '';
  const resend = async () => {
    const sent = await post('/api/user/sendMessage', { mobile_no: mobile });
    if (sent.statusCode === 200) right = lastCode(t.app, mobile);
    return sent.statusCode;
  };
  await resend();
  const outcomes: string[] = [];
  for (let i = 0; i < 1000; i++) {
    const wrong = String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
    const code = i % 50 === 49 ? right : wrong;
    const res = await post('/api/user/codeValidation', { mobile_no: mobile, code, forget_password: false });
    const outcome = res.statusCode === 200 ? 'success' : `${res.statusCode} ${res.json().code}`;
    outcomes.push(outcome);
    if (outcome === '429 CODE_LOCKED') outcomes.push(`resend ${await resend()}`);
  }
  return { successes: outcomes.filter((o) => o === 'success').length, tally: tally(outcomes) };
}

describe('a scripted 1,000-guess attack on an SMS code', () => {
  it('wins nothing from one address: the per-address limit stops it early', { timeout: 180_000 }, async () => {
    const t = await buildTestApp();
    try {
      const { successes, tally: seen } = await guessingAttack(t, newAccount().mobile_no);
      expect(successes).toBe(0);
      expect(seen['429 RATE_LIMITED']).toBeGreaterThan(900);
      console.info('1,000 guesses from one address:', seen);
    } finally {
      await t.close();
    }
  });

  it(
    'wins nothing from many addresses either: each code locks after 5 tries, 3 codes per 15 minutes',
    { timeout: 180_000 },
    async () => {
      // As if from a botnet: the per-address limit is out of the way.
      const t = await buildTestApp({ RATE_LIMIT_SCALE: '10000' });
      try {
        const { successes, tally: seen } = await guessingAttack(t, newAccount().mobile_no);
        expect(successes).toBe(0);
        expect(seen['resend 429']).toBeGreaterThan(0);
        console.info('1,000 guesses from many addresses:', seen);
      } finally {
        await t.close();
      }
    },
  );
});

describe('per-account limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('refuses the 6th password reset for one account within 15 minutes, even with a right token', async () => {
    const { account } = await signedUp(t.app);
    const reset = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/updatePassword',
        payload: { mobile_no: account.mobile_no, password: 'brand new pass', verification_token: randomUUID() },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await reset()).statusCode);
    expect(statuses.slice(0, 5).every((s) => s === 400 || s === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it('refuses the 31st post from one account within an hour, and nothing more is stored', async () => {
    const owner = await signedUp(t.app);
    for (let i = 0; i < 30; i++) await publish(t.app, owner, tractor());
    await expect(publish(t.app, owner, tractor())).rejects.toThrow(/addSolution 429.*RATE_LIMITED/);
    const mine = await t.app.inject({
      url: `/api/solution/getUserSolutions/${owner.user._id}`,
      headers: owner.headers,
    });
    expect(mine.json().data).toHaveLength(30);
    // Another trader is not affected.
    await expect(publish(t.app, await signedUp(t.app), tractor())).resolves.toHaveProperty('_id');
  });

  it('refuses the 21st profile update from one account within 15 minutes, and it changes nothing', async () => {
    const update = (who: Awaited<ReturnType<typeof signedUp>>, address: string) => {
      const form = multipart([
        { name: 'user_id', value: who.user._id },
        { name: 'update_data', value: JSON.stringify({ physical_address: address }) },
      ]);
      return t.app.inject({
        method: 'PUT',
        url: '/api/user/updateUser',
        payload: form.payload,
        headers: { ...form.headers, ...who.headers },
      });
    };
    const me = await signedUp(t.app);
    const statuses: number[] = [];
    for (let i = 1; i <= 21; i++) statuses.push((await update(me, `Rue ${i}`)).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
    const profile = await t.app.inject({ url: '/api/user/me', headers: me.headers });
    expect(profile.json().data.physical_address).toBe('Rue 20');
    // Another person is not affected.
    expect((await update(await signedUp(t.app), 'Marché central')).statusCode).toBe(200);
  });

  it('refuses the 21st payment call from one account within 15 minutes', async () => {
    const payer = await signedUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payment/subscribe',
        headers: payer.headers,
        payload: { currency: 'XOF' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
  });
});
