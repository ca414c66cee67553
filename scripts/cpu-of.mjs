// The CPU seconds a command and everything it starts spent, by kind of process (decision 513).
//
//   node scripts/cpu-of.mjs [--out FILE] -- <command> [arguments…]
//
// On a shared or loaded machine a journey's wall time says more about its neighbours than about itself: the same
// accessibility pass took 293 s and 437 s an hour apart, for 286 and 302 CPU seconds. This runs the command (its output
// to FILE, or inherited), reads /proc every 300 ms for the command's descendants (Chromium's renderers, the e2e server,
// its PostgreSQL, Vitest), keeps each process's last user + system time, and prints one JSON line when it ends:
// { wall, rc, chromium, server, postgres, node, other, total } in seconds. A process that ends between two readings
// loses at most that interval's time. Linux only (/proc).
import { spawn } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second of /proc's times (USER_HZ: 100 on Linux everywhere but exotic kernels). */
export const TICKS_PER_SECOND = 100;

/** A /proc/<pid>/stat line's parent and CPU ticks (user + system); null when it is not one. */
export function parseStat(line) {
  const close = line.lastIndexOf(')');
  if (close < 0) return null;
  const fields = line.slice(close + 2).split(' ');
  const parent = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(parent) && Number.isFinite(ticks) ? { parent, ticks } : null;
}

/** What a process is, from its command line. */
export function kindOf(commandLine) {
  if (/chrom(e|ium)/.test(commandLine)) return 'chromium';
  if (commandLine.includes('apps/api/dist/server.js')) return 'server';
  if (commandLine.includes('postgres')) return 'postgres';
  if (/(^|\/)node( |$)/.test(commandLine)) return 'node';
  return 'other';
}

/** The pids under `root` (itself included) in a pid → parent map. */
export function descendants(root, parents) {
  const found = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (found.has(parent) && !found.has(pid)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  return found;
}

/** Seconds by kind from each process's last reading ({kind, ticks}), and their total. */
export function totals(readings, ticksPerSecond = TICKS_PER_SECOND) {
  const byKind = {};
  for (const { kind, ticks } of readings) byKind[kind] = (byKind[kind] ?? 0) + ticks / ticksPerSecond;
  const rounded = Object.fromEntries(
    Object.entries(byKind)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, seconds]) => [kind, Math.round(seconds * 10) / 10]),
  );
  const total = Math.round(Object.values(byKind).reduce((sum, seconds) => sum + seconds, 0) * 10) / 10;
  return { ...rounded, total };
}

function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function sample(root, seen) {
  const parents = new Map();
  const ticks = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    const parsed = stat && parseStat(stat);
    if (!parsed) continue;
    parents.set(Number(name), parsed.parent);
    ticks.set(Number(name), parsed.ticks);
  }
  for (const pid of descendants(root, parents)) {
    const known = seen.get(pid);
    const kind = known?.kind ?? kindOf((read(`/proc/${pid}/cmdline`) ?? '').replaceAll('\0', ' '));
    seen.set(pid, { kind, ticks: ticks.get(pid) ?? known?.ticks ?? 0 });
  }
}

async function main() {
  const args = process.argv.slice(2);
  const dash = args.indexOf('--');
  const options = dash < 0 ? [] : args.slice(0, dash);
  const command = dash < 0 ? args : args.slice(dash + 1);
  if (command.length === 0) {
    console.error('usage: node scripts/cpu-of.mjs [--out FILE] -- <command> [arguments…]');
    process.exit(2);
  }
  const outIndex = options.indexOf('--out');
  const out = outIndex >= 0 ? openSync(options[outIndex + 1], 'w') : 'inherit';
  const started = Date.now();
  const child = spawn(command[0], command.slice(1), { stdio: ['ignore', out, out] });
  const seen = new Map();
  const timer = setInterval(() => sample(child.pid, seen), 300);
  const code = await new Promise((resolve) => child.on('exit', (exit, signal) => resolve(exit ?? (signal ? 1 : 0))));
  clearInterval(timer);
  const wall = Math.round((Date.now() - started) / 100) / 10;
  console.log(JSON.stringify({ wall, rc: code, ...totals(seen.values()) }));
  process.exit(code);
}

if (process.argv[1]?.endsWith('cpu-of.mjs')) await main();
