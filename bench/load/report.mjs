// bench/load's printed report: per-kind latencies, the mix against the hello-world, the goals, and
// the CPU each answer cost by process.
import { availableParallelism } from 'node:os';
import { percentiles } from '../lib/stats.mjs';

/**
 * CPU per answered request by process group during the mix, against the budget the goal leaves:
 * cores × 1,000 ms ÷ the goal's req/s. What the app's code cannot shed (PostgreSQL, the load
 * generator on the same machine, argon2 for the sign-ins) is summed, to show how much is left.
 */
export function printCpu(mix, cpu, signInCpuMs, GOALS) {
  if (!cpu) {
    console.log('CPU by process: not measured (it needs Linux /proc)');
    return;
  }
  const answered = mix.stats.reduce((n, s) => n + s.ms.length, 0);
  const perRequest = (seconds) => ((seconds ?? 0) * 1000) / Math.max(1, answered);
  const ms = (n) => `${n.toFixed(2)} ms`;
  const cores = availableParallelism();
  const budget = (cores * 1000) / GOALS.rps;
  const signIns = mix.stats.find((s) => s.kind.name === 'sign-in')?.ms.length ?? 0;
  const argon = (signIns * signInCpuMs) / Math.max(1, answered);
  const total = Object.values(cpu.seconds).reduce((a, b) => a + b, 0);
  console.log(
    `CPU a request during the mix (/proc, ${cpu.wall.toFixed(1)} s, ${cores} cores busy ${((100 * total) / cpu.wall / cores).toFixed(0)} %):`,
  );
  for (const group of ['app instances', 'PostgreSQL', 'load generator', 'Redis', 'other']) {
    const note =
      group === 'app instances' ? `, of which argon2 ${ms(argon)} (${signIns} sign-ins × ${ms(signInCpuMs)} each)` : '';
    console.log(`  ${group.padEnd(15)} ${ms(perRequest(cpu.seconds[group]))}${note}`);
  }
  const fixed = perRequest(cpu.seconds.PostgreSQL) + perRequest(cpu.seconds['load generator']) + argon;
  console.log(
    `  all             ${ms(perRequest(total))}; ${GOALS.rps.toLocaleString('en-US')} req/s on ${cores} cores leaves ${ms(budget)}, ` +
      `and PostgreSQL + load generator + argon2 alone take ${ms(fixed)}`,
  );
}

export function printReport(
  mix,
  bare,
  load,
  { goals: GOALS, connections: CONNECTIONS, instances: INSTANCES, posts: POSTS, acceptEncoding: ACCEPT_ENCODING },
) {
  const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : '-');
  const int = (n) => Math.round(n).toLocaleString('en-US');
  const answered = mix.stats.reduce((n, s) => n + s.ms.length, 0);
  const rows = [['kind', 'share', 'answers', 'req/s', 'p50 ms', 'p97.5 ms', 'p99 ms', 'KB each', 'non-2xx']];
  for (const s of mix.stats) {
    const [p50, p975, p99] = percentiles(s.ms, [0.5, 0.975, 0.99]);
    const non2xx = Object.entries(s.statuses)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, n]) => `${n}×${status}`);
    rows.push([
      s.kind.name,
      `${f1((100 * s.ms.length) / Math.max(1, answered))} %`,
      int(s.ms.length),
      int(s.ms.length / mix.duration),
      f1(p50),
      f1(p975),
      f1(p99),
      f1(s.bytes / 1024 / Math.max(1, s.ms.length)),
      non2xx.join(' ') || '0',
    ]);
  }
  const all = (run, name) => {
    const r = run.result;
    return [
      name,
      '',
      int(r.requests.total),
      int(r.requests.average),
      f1(r.latency.p50),
      f1(r.latency.p97_5),
      f1(r.latency.p99),
      f1(r.throughput.total / 1024 / Math.max(1, r.requests.total)),
      `${r.non2xx}`,
    ];
  };
  rows.push(all(mix, 'the mix, all kinds'), all(bare, 'bare Fastify hello-world'));
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  console.log('');
  for (const row of rows)
    console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
  const r = mix.result;
  console.log(
    `  ${CONNECTIONS} connections, ${mix.duration} s each; ${INSTANCES} instances over PostgreSQL and Redis, ` +
      `${POSTS.toLocaleString('en-US')} posts; accept-encoding "${ACCEPT_ENCODING}". Overall latencies are ` +
      "autocannon's (2xx only), per-kind ones every answer's.",
  );
  console.log(
    `  the mix: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx; ` +
      `${f1((r.requests.average / bare.result.requests.average) * 100)} % of the hello-world's req/s ` +
      `(${int(bare.result.requests.average)}, ${bare.result.errors} errors)`,
  );
  console.log(`  load average (1, 5, 15 min): ${load.before} before the mix, ${load.during} at its end`);
  console.log('Goals:');
  const check = (label, ok, actual) => console.log(`  ${ok ? 'met   ' : 'MISSED'}  ${label}: ${actual}`);
  check(`≥ ${int(GOALS.rps)} req/s`, r.requests.average >= GOALS.rps, int(r.requests.average));
  check(`p99 < ${GOALS.p99Ms} ms`, r.latency.p99 < GOALS.p99Ms, `${r.latency.p99} ms`);
  const failures = r.errors + r.timeouts + r.non2xx;
  check('0 errors', failures === 0, `${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`);
}

/** Each public cache's answers by where they were found (memory, Redis, computed, shared with one under way). */
export function printCacheHits({ instances, totals, memory }) {
  console.log(`Public caches, warm-up and mix (${instances} instance(s) read):`);
  for (const [cache, c] of totals) {
    const all = Object.values(c).reduce((a, b) => a + b, 0);
    if (all === 0) continue;
    const share = (n = 0) => `${((100 * n) / all).toFixed(1)} %`;
    console.log(
      `  ${cache.padEnd(13)} ${all.toLocaleString('en-US').padStart(9)} answers: memory ${share(c.memory)}, ` +
        `Redis ${share(c.redis)}, shared ${share(c.shared)}, computed ${share(c.computed)}`,
    );
  }
  const mb = (n) => `${Math.round(n)} MB`;
  console.log(
    `  memory after the mix: ${memory.map((m) => `resident ${mb(m.rss)}, heap used ${mb(m.heap)}`).join('; ')}`,
  );
}
