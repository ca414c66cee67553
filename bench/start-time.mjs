#!/usr/bin/env node
/**
 * Time from `npm start` to the first 200 on `/`: starts the command in its own process group, asks for the page
 * every 100 ms, prints the figure and stops the whole group.
 *
 * Usage: node bench/start-time.mjs [PORT] [RUNS] [COMMAND]   (defaults 3000, 1 and `npm start`; run from the
 * repository root; COMMAND runs in a shell with PORT set, e.g. the old always-rebuild start for a comparison). Run it once before measuring when nothing is installed or built yet: the figure
 * it measures is the start of a machine that has started this checkout before.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

const port = Number(process.argv[2] ?? 3000);
const runs = Number(process.argv[3] ?? 1);
const command = process.argv[4] ?? 'npm start';
const url = `http://127.0.0.1:${port}/`;
const LIMIT_MS = 600_000;

async function firstOk() {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * CPU seconds (user + system) spent so far by a process and everything under it, exited children included (Linux
 * /proc). On a machine busy with other work the wall time stretches; this figure is close to what the same start
 * takes on an idle machine (start-up is mostly one thread), so both are printed.
 */
function treeCpuSeconds(rootPid) {
  const tick = 100; // USER_HZ on Linux
  const stats = new Map();
  try {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const text = readFileSync(`/proc/${name}/stat`, 'utf8');
        const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
        // fields[1] = ppid; [11..14] = utime, stime, cutime, cstime
        const cpu = fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
        stats.set(Number(name), { ppid: Number(fields[1]), cpu });
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    return Number.NaN; // no /proc
  }
  let total = 0;
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop();
    total += stats.get(pid)?.cpu ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === pid) pending.push(child);
  }
  return total / tick;
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!done) process.kill(-child.pid, 'SIGKILL');
  await exited;
}

async function once() {
  if (await firstOk()) throw new Error(`something already answers on ${url}: stop it first`);
  const started = performance.now();
  const child = spawn(command, {
    shell: true,
    detached: true,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    while (performance.now() - started < LIMIT_MS) {
      if (child.exitCode !== null) throw new Error(`${command} exited with code ${child.exitCode}`);
      if (await firstOk()) return { ms: performance.now() - started, cpu: treeCpuSeconds(child.pid) };
      await sleep(100);
    }
    throw new Error(`no 200 on ${url} within ${LIMIT_MS / 1000} s`);
  } finally {
    await stop(child);
  }
}

for (let run = 1; run <= runs; run++) {
  const { ms, cpu } = await once();
  const load = loadavg()[0].toFixed(1);
  console.log(
    `[start-time] run ${run}: first 200 on / after ${(ms / 1000).toFixed(1)} s, ${cpu.toFixed(1)} s of CPU (load ${load})`,
  );
}
