// Throughput of the hot public catalogue reads against a bare Fastify "hello" on the same Node, in the same run
// (issue 16). Not part of `npm test`. Usage:
//   node bench/catalogue.mjs                         (builds the API, starts it on a throw-away data folder with PGlite)
//   node bench/catalogue.mjs --database-url postgres://postgres@127.0.0.1:5432/bench   (on PostgreSQL)
//   node bench/catalogue.mjs --skip-build --runs 3 --duration 10 --connections 50 --data-dir /tmp/kept-data
//   node bench/catalogue.mjs --server /tmp/old/apps/api/dist/server.js --skip-build     (another build, e.g. main's)
// Each run measures the hello, the primary list, a painting detail and the ticker one after the other with autocannon
// (50 connections by default); the figures printed are the median of the runs, and each read's ratio to the hello is
// the median of the per-run ratios. The machine's load average is printed with them: the runs share its cores.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const runs = Number(option('--runs', '3'));
const duration = Number(option('--duration', '10'));
const connections = Number(option('--connections', '50'));
const databaseUrl = option('--database-url');
const keptDataDir = option('--data-dir');

const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });

async function waitFor(url, child, seconds) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited at start`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time`);
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

function stopper(child, cleanup = () => {}) {
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
    cleanup();
  };
}

/** The built API on a throw-away data folder (PGlite, seeded at start), or on --database-url. */
async function startApi() {
  const port = Number(option('--port', 0)) || (await freePort());
  const dataDir = keptDataDir ?? mkdtempSync(join(tmpdir(), 'parcelle-bench-catalogue-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [option('--server', 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The per-IP budgets of the limited routes (none of the reads measured is limited; the bench's one IP must not
      // be refused by whatever it touches besides them).
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The first start migrates and seeds (media renditions included): minutes on a busy machine.
  await waitFor(`${base}/api/health`, child, 900);
  return { base, stop: stopper(child, () => keptDataDir || rmSync(dataDir, { recursive: true, force: true })) };
}

/** A bare Fastify "hello" on the same Node: what this machine answers at most, at this moment. */
async function startHello() {
  const port = await freePort();
  const code = `
    const { default: Fastify } = await import('fastify');
    const app = Fastify();
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: join(root, 'apps/api'),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/`;
  await waitFor(base, child, 60);
  return { base, stop: stopper(child) };
}

function cannon(url) {
  return new Promise((done, fail) => {
    autocannon({ url, connections, duration }, (error, result) => {
      if (error) return fail(error);
      if (result.non2xx > 0) return fail(new Error(`${url}: ${result.non2xx} answers not 2xx`));
      // Timeouts (10 s) of a server that cannot keep up are counted, not fatal: its figure says it already.
      if (result.errors > 0) console.error(`${url}: ${result.errors} errors (${result.timeouts} timeouts)`);
      done(result.requests.average);
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main() {
  if (!args.includes('--skip-build'))
    execFileSync('node', ['scripts/build.mjs', 'apps/api'], { cwd: root, stdio: 'inherit' });
  const hello = await startHello();
  const api = await startApi().catch(async (error) => {
    await hello.stop();
    throw error;
  });
  try {
    const list = await (await fetch(`${api.base}/api/paintings/?type=primary&limit=6`)).json();
    const painting = list?.data?.paintings?.[0];
    if (!painting) throw new Error('no painting on the primary market: is the catalogue seeded?');
    const targets = [
      ['hello', hello.base],
      ['list', `${api.base}/api/paintings/?type=primary&limit=6`],
      ['detail', `${api.base}/api/paintings/detail?painting_id=${painting.id}`],
      ['ticker', `${api.base}/api/artists/list/kpis`],
    ];
    const figures = Object.fromEntries(targets.map(([name]) => [name, []]));
    const loads = [];
    for (let run = 1; run <= runs; run += 1) {
      loads.push(loadavg()[0]);
      for (const [name, url] of targets) {
        figures[name].push(await cannon(url));
        console.error(`run ${run} ${name}: ${Math.round(figures[name].at(-1))} req/s`);
      }
    }
    const ratio = (name) => median(figures[name].map((value, run) => value / figures.hello[run]));
    console.log(
      `\n${new Date().toISOString()}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model}, ` +
        `load average at the runs' start ${loads.map((l) => l.toFixed(2)).join(' / ')}; ` +
        `${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ${connections} connections, ${duration} s per target, ${runs} runs\n`,
    );
    console.log('| Target | req/s (median) | ratio to hello (median) |');
    console.log('| --- | --- | --- |');
    for (const [name] of targets) {
      console.log(
        `| ${name} | ${Math.round(median(figures[name]))} | ${name === 'hello' ? '1' : ratio(name).toFixed(3)} |`,
      );
    }
  } finally {
    await api.stop();
    await hello.stop();
  }
}

await main();
