// node bench/load/profile-top.mjs <folder> [count]: the frames with the most self time in the V8
// CPU profiles a `CPU_PROF=<folder> npm run bench:load` wrote (every instance's together), idle
// excluded, as a share of the busy time; then the same time by package (node_modules/<name>, the
// app's own code, Node's internals). Shows where an answer's CPU goes before and after a change.
// The cluster's primary (which only builds and forks) is left out: its profile runs no server code.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const [folder, count = '25'] = process.argv.slice(2);
if (!folder) {
  console.error('usage: node bench/load/profile-top.mjs <folder with .cpuprofile files> [count]');
  process.exit(2);
}

/** Where a frame's code lives, short: a package name, "app: <file>", "node: <module>" or "(native)". */
function place(url) {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return url;
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  if (pkg) return pkg[1];
  const app = url.match(/\/(apps|packages)\/(.*)$/);
  return app ? `app: ${app[2]}` : url;
}

const frames = new Map();
const packages = new Map();
let busy = 0;
let idle = 0;
let used = 0;
const files = (await readdir(folder)).filter((f) => f.endsWith('.cpuprofile'));
for (const file of files) {
  const profile = JSON.parse(await readFile(join(folder, file), 'utf8'));
  if (!profile.nodes.some((n) => n.callFrame.url.includes('/apps/server/dist/'))) continue;
  used += 1;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  // timeDeltas[i] is the time before samples[i]; the sample's frame gets it as self time.
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    const name = callFrame.functionName || '(anonymous)';
    if (name === '(idle)') {
      idle += us;
      continue;
    }
    busy += us;
    const where = place(callFrame.url);
    const key = `${name}  ${where}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`;
    frames.set(key, (frames.get(key) ?? 0) + us);
    packages.set(
      where.startsWith('app: ') ? 'app' : where,
      (packages.get(where.startsWith('app: ') ? 'app' : where) ?? 0) + us,
    );
  }
}

const top = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1e6).toFixed(2).padStart(7)} s  ${k}`);
console.log(
  `${used} instances' profiles: ${(busy / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle; self time, idle excluded`,
);
console.log(top(frames, Number(count)).join('\n'));
console.log('\nby package:');
console.log(top(packages, 15).join('\n'));
