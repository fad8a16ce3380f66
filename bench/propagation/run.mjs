// bench/propagation: how soon a post published on instance A shows in instance B's answers, with
// the shared caches on (docs/performance.md). Creates a throwaway PostgreSQL database
// (BENCH_DATABASE_URL's server), starts two instances over it and Redis (BENCH_REDIS_URL, default
// redis://127.0.0.1:6379), signs in TRIES accounts (default 100) and, for each: asks B for the map
// tile, the map view, and as another signed-in reader the newest list and the nearest list where the
// post will be (so B and Redis hold the answers, and the nearest page's posts, from before it),
// publishes the post on A, then polls B every 10 ms until all four hold it.
// Prints p50/p99/max of the delay after A's 201, and how many took over 1 s (goal: p99 ≤ 1 s).
// The database is dropped at the end, also on failure.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { startAppServer } from '../lib/app-server.mjs';
import { throwawayDatabase } from '../lib/database.mjs';
import { percentiles } from '../lib/stats.mjs';

register();
const { hashPassword } = await import('../../apps/server/src/modules/users/password-hash.ts');
const { openMigratedDatabase } = await import('../../apps/server/src/db/client.ts');
const { tileX, tileY } = await import('@app/shared');
const { sql } = await import('drizzle-orm');

const TRIES = Number(process.env.TRIES ?? 100);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const GOAL_MS = 1_000;
const GIVE_UP_MS = 10_000;
const PASSWORD = 'bench propagation password';
const ZOOM = 13;

const run = randomBytes(3).toString('hex');

/** Signs account n in on an instance: its session key. */
async function signIn(origin, n) {
  const login = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `prop-${run}-${n}@bench.example`, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in: HTTP ${login.status} ${await login.text()}`);
  return (await login.json()).data.auth_key;
}

const db = await throwawayDatabase('bench_propagation');
const dataDir = await mkdtemp(join(tmpdir(), 'bench-propagation-'));
const servers = [];
try {
  const database = await openMigratedDatabase({ databaseUrl: db.url, dataDir, poolMax: 2 });
  const hash = await hashPassword(PASSWORD);
  await database.db.execute(sql`
    insert into users (first_name, email, mobile_no, password_hash, country)
    select 'Prop', 'prop-' || ${run} || '-' || g || '@bench.example', '+1514' || lpad(g::text, 7, '0'), ${hash}, 'SN'
    from generate_series(0, ${TRIES}::int) as g`);
  await database.close();

  const env = { DATABASE_URL: db.url, REDIS_URL, LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '10000' };
  for (const name of ['a', 'b']) {
    servers.push(await startAppServer({ ...env, DATA_DIR: join(dataDir, name) }));
  }
  const [a, b] = servers.map((s) => `http://127.0.0.1:${s.port}`);
  console.log(
    `bench/propagation: ${TRIES} posts published on A, looked for on B (map tile, map view, newest and nearest lists)`,
  );
  // Account 0 reads the lists: a reader's nearest page is joined from the posts' kept records, an
  // owner's is read whole (modules/solutions/list-cache.ts).
  const reader = await signIn(b, 0);

  const delays = [];
  for (let i = 1; i <= TRIES; i += 1) {
    const key = await signIn(a, i);
    // Around Dakar, each post about 5 km from the others: a tile (zoom 13, about 4.8 km wide) holds
    // at most 25 points before it clusters (TILE_POINT_LIMIT), and a post counted in a cluster
    // carries no id to look for. Closer together, the 42nd post was never seen as a point.
    const lng = -17.3 + (i % 10) * 0.05;
    const lat = 14.5 + Math.floor(i / 10) * 0.05;
    // The post's public point lies within 1 km of its point (D-35): the tiles around it, as one answer.
    const [x, y] = [tileX(lng, ZOOM), tileY(lat, ZOOM)];
    const around = [-1, 0, 1].flatMap((dx) =>
      [-1, 0, 1].map((dy) => `${b}/api/solution/map/tiles/${ZOOM}/${x + dx}/${y + dy}`),
    );
    const tiles = () => Promise.all(around.map((url) => fetch(url).then((r) => r.text()))).then((all) => all.join(''));
    const view = `${b}/api/solution/map?bbox=${[lng - 0.05, lat - 0.05, lng + 0.05, lat + 0.05].join(',')}&zoom=${ZOOM}`;
    const list = `${b}/api/solution/getAllSolutions/provideSolution?limit=20`;
    const asks = [
      tiles,
      () => fetch(view).then((r) => r.text()),
      ...[list, `${list}&near=${lng},${lat}`].map(
        (url) => () => fetch(url, { headers: { 'access-token': reader } }).then((r) => r.text()),
      ),
    ];
    await Promise.all(asks.map((ask) => ask()));

    const form = new FormData();
    const inDays = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    form.set(
      'new_solution',
      JSON.stringify({
        user_role: 'provideSolution',
        category: 'Equipments',
        sub_category_id: 'equipment-tractor',
        description: `Tractor ${i}`,
        pickup_lat: lat,
        pickup_lng: lng,
        pickup_city: 'Dakar',
        pickup_country: 'Senegal',
        pickup_date: inDays(1),
      }),
    );
    const posted = await fetch(`${a}/api/solution/addSolution`, {
      method: 'POST',
      headers: { 'access-token': key },
      body: form,
    });
    if (posted.status !== 201) throw new Error(`addSolution: HTTP ${posted.status} ${await posted.text()}`);
    const id = (await posted.json()).data._id;
    const start = performance.now();
    for (;;) {
      const bodies = await Promise.all(asks.map((ask) => ask()));
      if (bodies.every((body) => body.includes(id))) break;
      if (performance.now() - start > GIVE_UP_MS) {
        const missing = ['tiles', 'view', 'newest list', 'nearest list'].filter((_, k) => !bodies[k].includes(id));
        throw new Error(`post ${i} not seen on B after ${GIVE_UP_MS} ms in: ${missing.join(', ')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    delays.push(performance.now() - start);
  }
  const [p50, p99, max] = percentiles(delays, [0.5, 0.99, 1]);
  const late = delays.filter((d) => d > GOAL_MS).length;
  console.log(`seen on B after: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms`);
  console.log(`${late} of ${TRIES} over ${GOAL_MS} ms; goal p99 ≤ ${GOAL_MS} ms: ${p99 <= GOAL_MS ? 'met' : 'MISSED'}`);
} finally {
  for (const server of servers) server.child.kill();
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
}
