// D-8: how passwords are hashed. One place for the settings: the server, the demo seed and the
// benches' seeded accounts all hash with them, so a bench's sign-in costs what a real one does.
import argon2 from 'argon2';

/**
 * argon2id with 7 MiB and 5 passes: the last of OWASP's Password Storage Cheat Sheet's settings,
 * which it lists as giving the same defence (19 MiB × 2, 12 MiB × 3, 9 MiB × 4, 7 MiB × 5) and
 * differing only in CPU against memory. Measured on one core (node, 40 hashes each): 17.7 ms a hash
 * at 19 MiB × 2, 14.2 ms at 7 MiB × 5; a sign-in's hash is most of its cost, and a small server's
 * CPU is what it lacks.
 */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 7168, timeCost: 5, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, HASH_OPTIONS);

/** A hash made with other settings (an older release's) is made again at the next sign-in. */
export const needsNewHash = (hash: string): boolean => argon2.needsRehash(hash, HASH_OPTIONS);
