// bench/lib/cpu.mjs: bench/load's CPU account must charge a process tree's CPU to its group.
// A child and its own child each burn a known amount of CPU time; the account must find it all
// in the child's group, and not in this process.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { cpuAccounting, cpuBetween, cpuSnapshot, descendsFrom, type ProcessInfo } from '../bench/lib/cpu.mjs';

const BURN_MS = 400;
/** Burns BURN_MS of CPU time (not wall time: a busy CI machine only slows it down). */
const BURN = `const start = process.cpuUsage(); while ((process.cpuUsage(start).user + process.cpuUsage(start).system) / 1000 < ${BURN_MS});`;
/** Burns, then starts a grandchild that burns too and says "done"; both stay alive until stdin ends. */
const CHILD = `
${BURN}
const { spawn } = require('node:child_process');
const grandchild = spawn(process.execPath, ['-e', ${JSON.stringify(`${BURN} console.log('done'); process.stdin.resume();`)}], { stdio: ['pipe', 'inherit', 'inherit'] });
process.stdin.on('end', () => grandchild.stdin.end()).resume();
`;

describe('bench CPU account', () => {
  it('needs /proc, which the CI machine has', () => {
    expect(cpuAccounting(), 'bench/load measures CPU from Linux /proc').toBe(true);
  });

  it('charges a child process tree’s CPU to its group, and none of it to this process', async () => {
    const child = spawn(process.execPath, ['-e', CHILD], { stdio: ['pipe', 'pipe', 'inherit'] });
    const group = (p: ProcessInfo, all: Map<number, ProcessInfo>) =>
      p.pid === process.pid ? 'me' : descendsFrom(p.pid, child.pid!, all) ? 'child' : undefined;
    const before = cpuSnapshot(group);
    await once(child.stdout, 'data');
    const after = cpuSnapshot(group);
    child.stdin.end();
    await once(child, 'exit');

    const { seconds } = cpuBetween(before, after);
    // Two burns, and two Node start-ups on top.
    expect(seconds.child).toBeGreaterThanOrEqual(((2 * BURN_MS) / 1000) * 0.95);
    expect(seconds.child).toBeLessThan((2 * BURN_MS) / 1000 + 1.5);
    expect(seconds.me ?? 0).toBeLessThan(0.3);
  });
});
