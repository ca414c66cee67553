// Where a process's CPU went, from a V8 `.cpuprofile` (`node --cpu-prof`; `bench/hot-drop.mjs --cpu-prof <dir>`).
// Not part of `npm test`. Usage: node bench/cpu-profile.mjs <file.cpuprofile> [--top 40] [--from-gap 5]
// Only the samples after the last quiet stretch of at least `--from-gap` seconds are counted (the hot drop's server
// idles while pgbench runs, so that is its purchase load), up to the last busy sample. Prints the busy share of that
// window, the self time by package (node_modules/<name>, the app's own code, Node's internals, the garbage
// collector, system calls…) and the functions with the most self time.
import { readFileSync } from 'node:fs';
import { cli } from './lib/run.mjs';

const { args, option } = cli();
const file = args.find((arg) => arg.endsWith('.cpuprofile'));
if (!file) throw new Error('usage: node bench/cpu-profile.mjs <file.cpuprofile> [--top 40] [--from-gap 5]');
const top = Number(option('--top', '40'));
const gapUs = Number(option('--from-gap', '5')) * 1e6;

const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const isIdle = (id) => nodes.get(id)?.callFrame.functionName === '(idle)';

// Sample times, then the window: after the last idle stretch ≥ gap, to the last busy sample.
const times = [];
let t = profile.startTime;
for (const delta of profile.timeDeltas) {
  t += delta;
  times.push(t);
}
// Busy share per second; a quiet stretch is one where it stays under 15 % (timers and job polling go on while idle).
const bucketUs = 1_000_000;
const buckets = [];
profile.samples.forEach((id, at) => {
  const b = Math.floor((times[at] - profile.startTime) / bucketUs);
  buckets[b] ??= { busy: 0, all: 0, first: at, last: at };
  const dt = (times[at + 1] ?? times[at]) - times[at];
  buckets[b].all += dt;
  if (!isIdle(id)) buckets[b].busy += dt;
  buckets[b].last = at;
});
const quiet = (b) => !b || b.busy < 0.15 * bucketUs;
let fromBucket = 0;
let quietRun = 0;
for (let b = 0; b < buckets.length; b++) {
  if (quiet(buckets[b])) quietRun += 1;
  else {
    if (quietRun * bucketUs >= gapUs) fromBucket = b;
    quietRun = 0;
  }
}
let toBucket = buckets.length - 1;
while (toBucket > fromBucket && quiet(buckets[toBucket])) toBucket -= 1;
const from = buckets[fromBucket]?.first ?? 0;
const to = buckets[toBucket]?.last ?? profile.samples.length - 1;

/** What a frame belongs to: a package, the app, Node, or V8's own entries ((garbage collector), (program)…). */
function groupOf(frame) {
  const url = frame.url ?? '';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (/\/apps\/api\/(?:[^/]+\/)?dist\//.test(url)) return 'app (apps/api)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  if (!url) return frame.functionName || '(native)';
  return url;
}

const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
/** The nearest frame, from the sample up, in a package or in the app: who asked for that time (a writev, a GC…). */
function ownerOf(id) {
  for (let at = id; at !== undefined; at = parentOf.get(at)) {
    const group = groupOf(nodes.get(at).callFrame);
    if (group === 'app (apps/api)' || !/^(node:|\(|[a-z]*$)/.test(group)) return group;
  }
  return groupOf(nodes.get(id).callFrame);
}

const bySelf = new Map();
const byOwner = new Map();
const byGroup = new Map();
let busy = 0;
let total = 0;
for (let at = from; at <= to; at++) {
  const id = profile.samples[at];
  const dt = (times[at + 1] ?? times[at]) - times[at];
  total += dt;
  if (isIdle(id)) continue;
  busy += dt;
  const frame = nodes.get(id).callFrame;
  const name = `${frame.functionName || '(anonymous)'} ${groupOf(frame)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
  bySelf.set(name, (bySelf.get(name) ?? 0) + dt);
  const group = groupOf(frame);
  byGroup.set(group, (byGroup.get(group) ?? 0) + dt);
  const owner = ownerOf(id);
  byOwner.set(owner, (byOwner.get(owner) ?? 0) + dt);
}

const pct = (us) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
console.log(
  `window ${((times[to] - times[from]) / 1e6).toFixed(2)} s, ${to - from + 1} samples; busy ${((100 * busy) / total).toFixed(1)} % ` +
    `(${(busy / 1e6).toFixed(2)} s of CPU on the main thread); shares below are of the busy time`,
);
console.log('\nself time by package:');
for (const [group, us] of [...byGroup].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${pct(us)}  ${group}`);
console.log(
  '\ntime by the nearest package or app frame above it (Node internals and natives charged to their caller):',
);
for (const [group, us] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${pct(us)}  ${group}`);
console.log(`\nself time by function (top ${top}):`);
for (const [name, us] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us)}  ${name}`);
