// The type checks of every workspace and the lint, two at a time: `node scripts/checks.mjs` (npm
// test's first step), or only those whose name starts with an argument (`types`: npm run typecheck;
// `lint`: npm run lint). Each is one process that keeps one core busy, so run one after another they
// left the other core of CI's two idle for minutes. Each job's output is printed whole when it ends;
// the step fails when any job does, after all have run. CHECKS_ROOT runs them in another checkout
// (test/checks.test.ts), with this one's tools.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const tools = fileURLToPath(new URL('..', import.meta.url));
const root = process.env.CHECKS_ROOT ?? tools;
const bin = (name) => `${tools}node_modules/.bin/${name}`;
/** Longest first, so the last to start is a short one. */
const JOBS = [
  ['lint: eslint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['types: apps/web', bin('tsc'), ['-p', 'apps/web']],
  ['types: apps/server', bin('tsc'), ['-p', 'apps/server']],
  ['types: test', bin('tsc'), ['-p', 'test']],
  ['lint: prettier', bin('prettier'), ['--check', '.']],
  ['types: packages/shared', bin('tsc'), ['-p', 'packages/shared']],
];
const AT_ONCE = Math.max(1, Math.min(2, availableParallelism()));
const only = process.argv.slice(2);
const chosen = JOBS.filter(([name]) => only.length === 0 || only.some((prefix) => name.startsWith(prefix)));
if (chosen.length === 0) {
  console.error(`no check named ${only.join(', ')}: choose among ${JOBS.map(([name]) => name).join(', ')}`);
  process.exit(2);
}

function run([name, command, args]) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      console.log(`${ok ? 'passed' : 'FAILED'}  ${name} (${seconds} s)`);
      if (!ok || output.trim()) process.stdout.write(output.replace(/^/gm, '  '));
      resolve(ok);
    });
  });
}

const queue = [...chosen];
const passed = [];
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) passed.push(await run(job));
  }),
);
if (!passed.every(Boolean)) {
  console.error('checks failed: see the FAILED jobs above');
  process.exit(1);
}
