// The posts' data layer on both databases (D-23): lists by cursor and by distance from the GiST
// index, and search with search_norm() (unaccent + pg_trgm) on PGlite and PostgreSQL alike.
import { CATEGORIES } from '@app/shared';
import { beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT_MS, describeEachDatabase, recordingDb, tableScans } from '../../../test/databases.js';
import { deals, sessions, subscriptions, users } from '../../db/schema.js';
import type { ListFilter } from './list-repository.js';
import { solutionsRepository } from './repository.js';
import type { NewSolutionRow } from './write-repository.js';

const names = CATEGORIES.map((c) => ({ id: c.id, names: `${c.id} ${c.name.en} ${c.name.fr}` }));

describeEachDatabase('the posts repository', (database) => {
  const repo = () => solutionsRepository(database().db);
  const ids: string[] = [];
  /** Offers at one spot, and one a little farther: the nearest-first order breaks ties by id. */
  const tied: string[] = [];
  let farther = '';

  beforeAll(async () => {
    const [owner] = await database()
      .db.insert(users)
      .values({ firstName: 'Awa', email: 'awa@example.org', mobileNo: '+221770000001' })
      .returning({ id: users.id });
    const post = (i: number, extra: Partial<NewSolutionRow>): NewSolutionRow => ({
      userId: owner!.id,
      userRole: 'needSolution',
      category: 'Delivery',
      subCategoryId: 'delivery-small-box',
      subCategoryEn: 'Small box (0.01-5kg or 30x30cm)',
      subCategoryFr: 'Petite boîte (0,01-5 kg ou 30x30 cm)',
      priceUsd: 220,
      priceEur: 199,
      priceXof: 1300,
      description: `post ${i}`,
      pickupCountry: 'SN',
      location: { x: -17.45 + i * 0.01, y: 14.69 },
      ...extra,
    });
    ids.push(await repo().insert(post(0, { pickupCountry: 'CI', location: { x: -4.0, y: 5.35 } }), []));
    ids.push(await repo().insert(post(1, { category: 'Vegetables', subCategoryEn: 'Your own proposition...' }), []));
    for (let i = 2; i < 6; i++) ids.push(await repo().insert(post(i, {}), []));
    ids.push(await repo().insert(post(6, { status: 'Deleted' }), []));
    const offer = { userRole: 'provideSolution', location: { x: 2.11, y: 13.51 } } as const;
    for (let i = 10; i < 15; i++) tied.push(await repo().insert(post(i, offer), []));
    farther = await repo().insert(post(15, { ...offer, location: { x: 2.2, y: 13.51 } }), []);
  }, DB_TIMEOUT_MS);

  it('pages open posts newest first with an exact (created_at, id) cursor', async () => {
    const first = await repo().list({ type: 'needSolution', limit: 4 });
    const last = first[first.length - 1]!;
    const next = await repo().list({
      type: 'needSolution',
      limit: 4,
      after: { created: last.created_key, id: last.id },
    });
    const seen = [...first, ...next].map((r) => r.id);
    expect(new Set(seen).size).toBe(6);
    expect(seen).not.toContain(ids[6]);
  });

  it('orders by distance from a point', async () => {
    const near = await repo().list({ type: 'needSolution', limit: 2, near: { at: [-4.01, 5.36], offset: 0 } });
    expect(near[0]!.pickup_country).toBe('CI');
  });

  it('pages nearest first by offset, ties in id order, none repeated or skipped', async () => {
    const pages = [];
    for (const offset of [0, 2, 4]) {
      pages.push(...(await repo().list({ type: 'provideSolution', limit: 2, near: { at: [2.0, 13.5], offset } })));
    }
    expect(pages.map((r) => r.id)).toEqual([...[...tied].sort(), farther]);
  });

  it.each([
    ['pickup_country', 'cote d ivoire', 1],
    ['pickup_country', 'SÉNÉGAL', 5],
    ['pickup_country', 'Senegal', 5],
    ['pickup_country', 'ivory coast', 1],
    ['category', 'legumes', 1],
    ['category', 'livraison', 5],
    ['sub_category', 'petite boite', 6],
  ] as const)('searches %s for "%s" ignoring case, accents and punctuation', async (field, text, count) => {
    const rows = await repo().search({ type: 'needSolution', field, text, categoryNames: names, limit: 20 });
    expect(rows).toHaveLength(count);
  });

  it.each([
    ['country', 'pickup_country', ['SN', 'CI']],
    ['category', 'category', ['Delivery', 'Vegetables']],
  ] as const)(
    'searches every matching %s at once, newest first across them, page by page',
    async (_name, field, groups) => {
      const search = { type: 'needSolution', field, text: 'e', categoryNames: names } as const;
      const all = await repo().search({ ...search, limit: 20 });
      // The field searched is also the column the post's group is read from.
      expect(new Set(all.map((r) => r[field]))).toEqual(new Set(groups));
      const newest = await repo().list({ type: 'needSolution', limit: 20 });
      expect(all.map((r) => r.id)).toEqual(newest.map((r) => r.id));
      const third = all[2]!;
      const rest = await repo().search({ ...search, limit: 20, after: { created: third.created_key, id: third.id } });
      expect(rest.map((r) => r.id)).toEqual(all.slice(3).map((r) => r.id));
      const paged: string[] = [];
      let after: { created: string; id: string } | undefined;
      do {
        const page = await repo().search({ ...search, limit: 2, after });
        paged.push(...page.map((r) => r.id));
        const last = page.at(-1);
        after = page.length === 2 && last ? { created: last.created_key, id: last.id } : undefined;
      } while (after);
      expect(paged).toEqual(all.map((r) => r.id));
    },
  );

  it('reads no post at all for a word no category name holds (it used to walk every open post)', async () => {
    const { statements, db } = recordingDb(database().db);
    const search = { type: 'needSolution', field: 'category', text: 'tracteur', categoryNames: names } as const;
    expect(await solutionsRepository(db).search({ ...search, limit: 20 })).toEqual([]);
    expect(await tableScans(database().db, statements[0]!, 'solutions')).toBe(0);
  });

  it('reads a post for one viewer in one statement: its confirmed deal with the viewer and who has a running subscription', async () => {
    const db = database().db;
    const [viewer, acceptor] = await db
      .insert(users)
      .values([
        { firstName: 'Ali', email: 'ali@example.org' },
        { firstName: 'Binta', email: 'binta@example.org' },
      ])
      .returning({ id: users.id });
    const at = new Date();
    const day = 24 * 3600 * 1000;
    const post = ids[2]!;
    const asViewer = { userId: viewer!.id, admin: false };
    const plain = (await repo().findForViewer(post, asViewer, at)).found;
    expect(plain!.row.id).toBe(post);
    expect(plain!.deal).toBeUndefined();
    expect([...plain!.subscriptions.values()]).toEqual([null, null]);

    await db.insert(subscriptions).values([
      { userId: viewer!.id, kind: 'trial', status: 'active', endAt: new Date(at.getTime() + day) },
      // Ended yesterday: not running.
      { userId: acceptor!.id, kind: 'yearly', status: 'active', endAt: new Date(at.getTime() - day) },
    ]);
    await db.insert(deals).values([
      // An ended deal is not the live one.
      { solutionId: post, acceptorId: viewer!.id, state: 'cancelled', endedAt: at, endedReason: 'cancelled' },
      { solutionId: post, acceptorId: acceptor!.id, state: 'accepted', confirmedAt: at, contactAccess: 'payment' },
    ]);
    // D-14, D-32: the deal read is the viewer's own confirmed one; another person's deal is not.
    const viewed = (await repo().findForViewer(post, asViewer, at)).found;
    expect(viewed!.deal).toBeUndefined();
    expect(viewed!.subscriptions.get(viewer!.id)).toBe('trial');
    expect(viewed!.subscriptions.get(viewed!.row.user_id)).toBeNull();
    expect(await repo().liveDeal(post, viewer!.id)).toBeUndefined();
    const asAcceptor = { userId: acceptor!.id, admin: false };
    const party = (await repo().findForViewer(post, asAcceptor, at)).found;
    expect(party!.deal).toEqual({ acceptorId: acceptor!.id, contactAccess: 'payment' });
    expect(party!.subscriptions.get(acceptor!.id)).toBeNull();
    // The same answers as the separate reads the entitlement rule would otherwise make.
    expect(await repo().liveDeal(post, acceptor!.id)).toMatchObject(party!.deal!);
    expect(await repo().activeSubscription(viewer!.id, at)).toBe('trial');

    expect(await repo().findForViewer(ids[6]!, asViewer, at)).toMatchObject({ found: { row: { status: 'Deleted' } } });
    expect((await repo().findForViewer('00000000-0000-4000-8000-000000000000', asViewer, at)).found).toBeUndefined();

    // By a session claim, checked in the same statement: the viewer is the session's user.
    await db
      .insert(sessions)
      .values({ userId: viewer!.id, authKeyHash: 'hash-of-ali', expiresAt: new Date(at.getTime() + day) });
    const claimed = await repo().findForViewer(post, { hash: 'hash-of-ali', at }, at);
    expect(claimed.viewer).toEqual(asViewer);
    expect(claimed.found!.subscriptions.get(viewer!.id)).toBe('trial');
    const missing = await repo().findForViewer('00000000-0000-4000-8000-000000000000', { hash: 'hash-of-ali', at }, at);
    expect(missing).toEqual({ viewer: asViewer, found: undefined });
    const later = new Date(at.getTime() + 2 * day);
    for (const claim of [
      { hash: 'hash-of-nobody', at },
      { hash: 'hash-of-ali', at: later },
    ]) {
      await expect(repo().findForViewer(post, claim, at)).rejects.toMatchObject({ code: 'AUTH_FAILED' });
      await expect(repo().list({ type: 'needSolution', limit: 2 }, claim)).rejects.toMatchObject({
        code: 'AUTH_FAILED',
      });
      await expect(repo().checkSession(claim)).rejects.toMatchObject({ code: 'AUTH_FAILED' });
    }
  });

  it('lists for a session claim the same rows, in the same order, as without one', async () => {
    const db = database().db;
    const [reader] = await db.insert(users).values({ firstName: 'Coumba' }).returning({ id: users.id });
    await db
      .insert(sessions)
      .values({ userId: reader!.id, authKeyHash: 'hash-of-coumba', expiresAt: new Date(Date.now() + 3600_000) });
    const claim = { hash: 'hash-of-coumba', at: new Date() };
    const near: ListFilter = { type: 'provideSolution', limit: 10, near: { at: [2.0, 13.5], offset: 0 } };
    expect(await repo().list(near, claim)).toEqual(await repo().list(near));
    const newest = { type: 'needSolution', limit: 10 } as const;
    expect((await repo().list(newest, claim)).map((r) => r.id)).toEqual((await repo().list(newest)).map((r) => r.id));
    const search = {
      type: 'needSolution',
      field: 'pickup_country',
      text: 'senegal',
      categoryNames: names,
      limit: 20,
    } as const;
    expect(await repo().search(search, claim)).toEqual(await repo().search(search));
    // Nothing found: an empty list, not a refusal.
    expect(await repo().search({ ...search, text: 'atlantis' }, claim)).toEqual([]);
    await expect(repo().checkSession(claim)).resolves.toBeUndefined();
  });
});
