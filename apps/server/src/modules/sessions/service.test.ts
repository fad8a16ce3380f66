import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases.js';
import { users } from '../../db/schema.js';
import { sessionsRepository } from './repository.js';
import { hashAuthKey, sessionsService, SESSION_TTL_DAYS } from './service.js';

describeEachDatabase('sessions (D-9)', (database) => {
  let clock = new Date('2026-11-21T10:00:00Z');
  const service = () => sessionsService(sessionsRepository(database().db), () => clock);
  const newUser = async (mobile: string) => {
    const [row] = await database()
      .db.insert(users)
      .values({ firstName: 'Awa', email: `${mobile.slice(1)}@example.org`, mobileNo: mobile })
      .returning({ id: users.id });
    return row!.id;
  };

  it('issues a 256-bit key, stores only its hash, and knows the user by it', async () => {
    const userId = await newUser('+221770000001');
    const { auth_key, expiry } = await service().start(userId);
    expect(auth_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(expiry).getTime() - clock.getTime()).toBe(SESSION_TTL_DAYS * 24 * 3600 * 1000);
    const stored = JSON.stringify(await database().db.execute('select * from sessions'));
    expect(stored).not.toContain(auth_key);
    expect(stored).toContain(hashAuthKey(auth_key));
    await expect(service().authenticate(auth_key)).resolves.toEqual({ userId, admin: false });
  });

  it('ends the previous session when the user signs in on another phone', async () => {
    const userId = await newUser('+221770000002');
    const first = await service().start(userId);
    const second = await service().start(userId);
    await expect(service().authenticate(first.auth_key)).resolves.toBeNull();
    await expect(service().authenticate(second.auth_key)).resolves.toMatchObject({ userId });
  });

  it('refuses an ended, expired, unknown or malformed key', async () => {
    const userId = await newUser('+221770000003');
    const { auth_key } = await service().start(userId);
    await expect(service().end(auth_key)).resolves.toBe(true);
    await expect(service().authenticate(auth_key)).resolves.toBeNull();
    await expect(service().end(auth_key)).resolves.toBe(false);

    const later = await service().start(userId);
    clock = new Date(clock.getTime() + (SESSION_TTL_DAYS + 1) * 24 * 3600 * 1000);
    await expect(service().authenticate(later.auth_key)).resolves.toBeNull();

    await expect(service().authenticate('A'.repeat(43))).resolves.toBeNull();
    await expect(service().authenticate("' or 1=1 --")).resolves.toBeNull();
    await expect(service().authenticate(undefined)).resolves.toBeNull();
  });
});
