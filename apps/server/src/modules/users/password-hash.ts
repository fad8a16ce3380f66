// D-8: how passwords are hashed. One place for the settings and the library: the server, the demo
// seed and the benches' seeded accounts all hash with them, so a bench's sign-in costs what a real
// one does.
//
// @node-rs/argon2 (the argon2-rust crate, shipped built for each platform) rather than node-argon2
// (the reference C code, built for SSE2 at install): the same hashes in the same PHC format, each
// verifying the other's, for 7.2 ms of CPU a check instead of 19.1 ms on the bench machine.
import argon2, { type Algorithm } from '@node-rs/argon2';

/** argon2id: the library's `Algorithm.Argon2id`, a const enum that only TypeScript sees. */
const ARGON2ID = 2 as Algorithm;
/** Version 0x13, the current one: the library's `Version.V0x13`. */
const VERSION_0X13 = 1;

/**
 * argon2id with 7 MiB and 5 passes: the last of OWASP's Password Storage Cheat Sheet's settings,
 * which it lists as giving the same defence (19 MiB × 2, 12 MiB × 3, 9 MiB × 4, 7 MiB × 5) and
 * differing only in CPU against memory. Measured on one core (node-argon2, 40 hashes each): 17.7 ms
 * a hash at 19 MiB × 2, 14.2 ms at 7 MiB × 5; a sign-in's hash is most of its cost, and a small
 * server's CPU is what it lacks.
 */
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 7168, timeCost: 5, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, HASH_OPTIONS);

/** Whether `password` is the one `hash` was made from; on the thread pool, not the event loop. */
export const verifyPassword = (hash: string, password: string): Promise<boolean> => argon2.verify(hash, password);

/**
 * A hash made with other settings (an older release's) is made again at the next sign-in. The
 * parameters are compared, not the text: node-argon2 wrote them in another order (m, p, t).
 */
export function needsNewHash(hash: string): boolean {
  try {
    const made = argon2.parseOptions(hash);
    return (
      made.algorithm !== HASH_OPTIONS.algorithm ||
      made.version !== VERSION_0X13 ||
      made.memoryCost !== HASH_OPTIONS.memoryCost ||
      made.timeCost !== HASH_OPTIONS.timeCost ||
      made.parallelism !== HASH_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
}
