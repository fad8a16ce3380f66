// D-8: the hashes a sign-in checks, including those an earlier release made with node-argon2.
import argon2 from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsNewHash, verifyPassword } from './password-hash.js';

/** Made by node-argon2 0.45 (the library before this one) with today's settings, for PASSWORD. */
const NODE_ARGON2_HASH =
  '$argon2id$v=19$m=7168,p=1,t=5$2mS6OhmRwzJp7UT4y3Yueg$4Gdfd0I9h6OIGPg72isaMv/b2+/1UL7Pl8Vc7n18lTA';
const PASSWORD = 'bench load password';

describe('password hashes', () => {
  it('checks a hash an earlier release made with node-argon2, and keeps it: same settings, other order', async () => {
    expect(await verifyPassword(NODE_ARGON2_HASH, PASSWORD)).toBe(true);
    expect(await verifyPassword(NODE_ARGON2_HASH, `${PASSWORD} `)).toBe(false);
    expect(needsNewHash(NODE_ARGON2_HASH)).toBe(false);
  });

  it('hashes with argon2id, 7 MiB and 5 passes, a new salt each time', async () => {
    const [one, two] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)]);
    expect(one).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(one).not.toBe(two);
    expect(await verifyPassword(one, PASSWORD)).toBe(true);
    expect(await verifyPassword(one, 'another password')).toBe(false);
    expect(needsNewHash(one)).toBe(false);
  });

  it('makes anew a hash of other settings, of another variant, or that is no hash', async () => {
    // OWASP's 19 MiB × 2, argon2id; then today's settings with argon2i (algorithm 1).
    expect(needsNewHash(await argon2.hash(PASSWORD, { algorithm: 2 as never, memoryCost: 19456, timeCost: 2 }))).toBe(
      true,
    );
    expect(needsNewHash(await argon2.hash(PASSWORD, { algorithm: 1 as never, memoryCost: 7168, timeCost: 5 }))).toBe(
      true,
    );
    expect(needsNewHash('!locked')).toBe(true);
  });
});
