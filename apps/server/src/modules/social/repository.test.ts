import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, sqlState } from '../../../test/databases.js';
import { users } from '../../db/schema.js';
import { isUniqueViolation, socialRepository } from './repository.js';

const minutes = (n: number, from = new Date()) => new Date(from.getTime() + n * 60_000);

describeEachDatabase('social repository', (database) => {
  const repo = () => socialRepository(database().db);

  it('gives a state back once, only for its provider and only while it is live', async () => {
    const now = new Date();
    await repo().saveState('s-live', 'google', 'verifier-1', 'binding-1', minutes(10, now), now);
    expect(await repo().takeState('s-live', 'google', now)).toEqual({
      codeVerifier: 'verifier-1',
      bindingHash: 'binding-1',
    });
    expect(await repo().takeState('s-live', 'google', now)).toBeUndefined();

    await repo().saveState('s-other', 'facebook', 'verifier-2', 'binding-2', minutes(10, now), now);
    expect(await repo().takeState('s-other', 'google', now)).toBeUndefined();
    // A wrong try uses the state up too.
    expect(await repo().takeState('s-other', 'facebook', now)).toBeUndefined();

    await repo().saveState('s-old', 'google', 'verifier-3', 'binding-3', minutes(10, now), now);
    expect(await repo().takeState('s-old', 'google', minutes(11, now))).toBeUndefined();
  });

  it('creates a social user with its identity, and finds it again by provider and subject', async () => {
    const user = await repo().createSocialUser(
      {
        provider: 'google',
        subject: 'sub-1',
        firstName: 'Awa',
        emailIfFree: 'awa@example.org',
        googleAuth: true,
        fbAuth: false,
      },
      false,
    );
    expect(user).toMatchObject({ firstName: 'Awa', email: 'awa@example.org', googleAuth: true, fbAuth: false });
    const found = await repo().findIdentityUser('google', 'sub-1');
    expect(found).toMatchObject({ deleted: false, user: { id: user.id } });
    expect(await repo().findIdentityUser('facebook', 'sub-1')).toBeUndefined();
  });

  it('leaves a taken e-mail empty instead of linking to its account', async () => {
    await database().db.insert(users).values({ firstName: 'Owner', email: 'owner@example.org' });
    const user = await repo().createSocialUser(
      {
        provider: 'facebook',
        subject: 'fb-1',
        firstName: 'Other',
        emailIfFree: 'owner@example.org',
        googleAuth: false,
        fbAuth: true,
      },
      false,
    );
    expect(user.email).toBeNull();
  });

  it('throws a unique violation for an identity that already exists, and rolls the new user back', async () => {
    const input = {
      provider: 'google',
      subject: 'sub-dup',
      firstName: 'Dup',
      emailIfFree: null,
      googleAuth: true,
      fbAuth: false,
    };
    await repo().createSocialUser(input, false);
    let caught: unknown;
    try {
      await repo().createSocialUser({ ...input, firstName: 'Dup two' }, false);
    } catch (error) {
      caught = error;
    }
    expect(isUniqueViolation(caught)).toBe(true);
    const named = await database().db.select().from(users);
    expect(named.filter((u) => u.firstName === 'Dup two')).toEqual([]);
  });

  it('re-points the identity of a deleted account to a new user', async () => {
    const input = {
      provider: 'google',
      subject: 'sub-del',
      firstName: 'Gone',
      emailIfFree: null,
      googleAuth: true,
      fbAuth: false,
    };
    const old = await repo().createSocialUser(input, false);
    await database().db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, old.id));
    expect(await repo().findIdentityUser('google', 'sub-del')).toMatchObject({ deleted: true });
    const fresh = await repo().createSocialUser({ ...input, firstName: 'Back' }, true);
    expect(fresh.id).not.toBe(old.id);
    expect(await repo().findIdentityUser('google', 'sub-del')).toMatchObject({
      deleted: false,
      user: { id: fresh.id },
    });
    expect(await repo().findUser(old.id)).toBeUndefined();
  });

  it('uses a login code once and never after it expires', async () => {
    const now = new Date();
    const user = await repo().createSocialUser(
      {
        provider: 'local',
        subject: 'code-user',
        firstName: 'Code',
        emailIfFree: null,
        googleAuth: false,
        fbAuth: false,
      },
      false,
    );
    await repo().saveLoginCode('hash-a', user.id, true, 'binding-a', minutes(2, now), now);
    const both = await Promise.all([repo().takeLoginCode('hash-a', now), repo().takeLoginCode('hash-a', now)]);
    expect(both.filter(Boolean)).toEqual([{ userId: user.id, bindingHash: 'binding-a' }]);

    await repo().saveLoginCode('hash-b', user.id, true, 'binding-b', minutes(2, now), now);
    expect(await repo().takeLoginCode('hash-b', minutes(3, now))).toBeUndefined();
  });

  it('tells which contacts another account holds, and refuses a taken number in the database too', async () => {
    const [a] = await database()
      .db.insert(users)
      .values({ firstName: 'A', email: 'a@example.org', mobileNo: '+221770000001' })
      .returning();
    const [b] = await database().db.insert(users).values({ firstName: 'B' }).returning();
    expect(await repo().contactsTakenByOthers(b!.id, { email: 'a@example.org', mobileNo: '+221770000002' })).toEqual({
      email: true,
      mobileNo: false,
    });
    expect(await repo().contactsTakenByOthers(b!.id, { email: null, mobileNo: '+221770000001' })).toEqual({
      email: false,
      mobileNo: true,
    });
    // One's own contacts are not "taken".
    expect(await repo().contactsTakenByOthers(a!.id, { email: 'a@example.org', mobileNo: '+221770000001' })).toEqual({
      email: false,
      mobileNo: false,
    });
    expect(
      await sqlState(
        repo().completeUser(b!.id, { mobileNo: '+221770000001', mobileVerifiedAt: new Date(), country: 'SN' }),
      ),
    ).toBe('23505');
    expect(
      await repo().completeUser(b!.id, { mobileNo: '+221770000003', mobileVerifiedAt: new Date(), country: 'SN' }),
    ).toMatchObject({
      mobileNo: '+221770000003',
      country: 'SN',
      email: null,
    });
  });
});
