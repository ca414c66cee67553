// What every bench script shares: its options, statistics, a built server on a throw-away data folder, and a small
// API client. Not part of `npm test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');

/** `--name value` options and `--flag` switches of the command line. */
export function cli(args = process.argv.slice(2)) {
  return {
    args,
    option: (name, fallback) => {
      const at = args.indexOf(name);
      return at >= 0 ? args[at + 1] : fallback;
    },
    flag: (name) => args.includes(name),
  };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The p-th percentile of values sorted ascending (nearest rank). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The machine's load averages (1, 5, 15 min): the runs share its cores, so every figure is printed with them. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** A process's CPU time so far with its live children's (user + system, all threads, ms), from /proc (Linux). */
export function cpuTimeMs(pid) {
  return [pid, ...descendants(pid)].reduce((sum, one) => sum + ownCpuTimeMs(one), 0);
}

/** One process's own CPU time (all its threads), in ms; 0 once it has gone. */
function ownCpuTimeMs(pid) {
  let line;
  try {
    line = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  const fields = line.split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's closing parenthesis, in ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * The CPU time so far of every live process whose command is `command` (`postgres`: the server's backends and its
 * own processes), in ms. A backend that ended in between takes its time with it: read it around a load that keeps
 * its connections (a pool's).
 */
export function commandCpuTimeMs(command) {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let line;
    try {
      line = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    if (line.slice(line.indexOf('(') + 1, line.lastIndexOf(')')) === command) total += ownCpuTimeMs(Number(entry));
  }
  return total;
}

/** The live processes under `pid` (a cluster's workers, `npm run start:cluster`), from /proc's children lists. */
function descendants(pid) {
  const found = [];
  let tasks = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return found;
  }
  for (const task of tasks) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.split(' ').filter(Boolean).map(Number)) found.push(child, ...descendants(child));
  }
  return found;
}

export const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });

/** Waits until `url` answers 2xx; fails when the process exits first or the time is up. */
export async function waitFor(url, child, seconds) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited at start`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`${url} did not answer in time`);
    }
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Stops a child process and waits for its exit, once; then `cleanup`. */
export function stopper(child, cleanup = () => {}) {
  return async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
    }
    cleanup();
  };
}

/**
 * The built server (`server`, apps/api/dist/server.js by default) on 127.0.0.1, with a throw-away data folder
 * (`dataDir` keeps a given one), LOG_LEVEL=warn and the per-IP sign-in budget raised (a bench is one IP); `env` adds
 * or overrides (DATABASE_URL for PostgreSQL). The first start migrates and seeds, media renditions included: minutes
 * on a busy machine. `nodeArgs` go to Node before the server's file (`--cpu-prof`, say).
 */
export async function startBuiltServer({
  port,
  env = {},
  server = 'apps/api/dist/server.js',
  dataDir,
  prefix = 'bench',
  nodeArgs = [],
}) {
  const chosenPort = port || (await freePort());
  const folder = dataDir ?? mkdtempSync(join(tmpdir(), `parcelle-${prefix}-`));
  const base = `http://127.0.0.1:${chosenPort}`;
  const child = spawn(process.execPath, [...nodeArgs, server], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(chosenPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: folder,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`${base}/api/health`, child, 900);
  const stop = stopper(child, () => dataDir || rmSync(folder, { recursive: true, force: true }));
  return { base, child, stop };
}

/**
 * JSON calls to the API at `base`: `call(method, path, body?, token?)` → `{ status, body }`. Node's own HTTP client on
 * kept-alive connections rather than `fetch`: the load generator shares the machine's cores with the server and
 * PostgreSQL, and `fetch` cost it about twice the CPU a call (measured in the hot drop, docs/performance.md).
 */
export function apiClient(base) {
  const origin = new URL(base);
  const agent = new HttpAgent({ keepAlive: true });
  return (method, path, body, token) =>
    new Promise((resolve, reject) => {
      const payload = body ? JSON.stringify(body) : undefined;
      const headers = { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(payload);
      }
      const request = httpRequest(
        { host: origin.hostname, port: origin.port, path, method, headers, agent },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null });
            } catch (error) {
              reject(new Error(`${method} ${path}: ${response.statusCode} answered no JSON (${error.message})`));
            }
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
}

/**
 * Runs `run` `count` times, `concurrency` at a time; `run` answers whether it succeeded. Returns the latencies
 * (sorted, ms), the failures and the wall time.
 */
export async function measureConcurrently(count, concurrency, run) {
  const timings = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const t0 = performance.now();
        const ok = await run();
        timings.push(performance.now() - t0);
        if (!ok) failures += 1;
      }
    }),
  );
  timings.sort((a, b) => a - b);
  return { timings, failures, seconds: (performance.now() - started) / 1000 };
}
