// A throwaway PostgreSQL database for a benchmark, on the server of BENCH_DATABASE_URL (default
// postgres@127.0.0.1:5432): created with a random name, dropped (with force) by `drop()`.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const BENCH_SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Creates `<prefix>_<random>`; `url` reaches it, `drop()` removes it and may be called more than once. */
export async function throwawayDatabase(prefix) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database "${name}"`));
  const url = new URL(BENCH_SERVER_URL);
  url.pathname = `/${name}`;
  let dropped;
  return {
    name,
    url: url.toString(),
    drop: () =>
      (dropped ??= withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`)).then(
        () => undefined,
      )),
  };
}

async function withAdmin(fn) {
  const admin = new pg.Client({ connectionString: BENCH_SERVER_URL, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}
