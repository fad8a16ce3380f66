// CPU time by process group over a window, from Linux's /proc: where a benchmark's CPU went.
// Latency and req/s say how fast; this says who spent the machine's cores (the app's instances,
// PostgreSQL, the load generator), which is what decides the throughput a machine can reach.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux the project runs on.

/** True where /proc gives per-process CPU times. */
export const cpuAccounting = () => {
  try {
    readFileSync('/proc/self/stat', 'utf8');
    return true;
  } catch {
    return false;
  }
};

function processes() {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may itself hold spaces or parentheses.
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      // Fields 4 (ppid), 14 (utime) and 15 (stime) of proc(5), counted from "state" as 3.
      out.push({ pid: Number(entry), ppid: Number(fields[1]), name, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while we read.
    }
  }
  return out;
}

/**
 * A snapshot of CPU ticks by group. `group(process, all)` names the group of a process
 * (`all` maps pid → process, to follow parents), or undefined for "other".
 */
export function cpuSnapshot(group) {
  const all = new Map(processes().map((p) => [p.pid, p]));
  const ticks = new Map();
  for (const p of all.values()) ticks.set(p.pid, { group: group(p, all) ?? 'other', ticks: p.ticks });
  return { at: performance.now(), ticks };
}

/** CPU seconds by group between two snapshots; a process gone before `after` is not counted. */
export function cpuBetween(before, after) {
  const seconds = {};
  for (const [pid, now] of after.ticks) {
    const spent = now.ticks - (before.ticks.get(pid)?.ticks ?? 0);
    seconds[now.group] = (seconds[now.group] ?? 0) + spent / TICKS_PER_SECOND;
  }
  return { seconds, wall: (after.at - before.at) / 1000 };
}

/** True when `pid` is `root` or descends from it. */
export function descendsFrom(pid, root, all) {
  for (let p = all.get(pid); p; p = all.get(p.ppid)) if (p.pid === root) return true;
  return false;
}
