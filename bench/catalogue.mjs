// Throughput of the hot public catalogue reads against a bare Fastify "hello" on the same Node, in the same run
// (issue 16). Not part of `npm test`. Usage:
//   node bench/catalogue.mjs                         (builds the API, starts it on a throw-away data folder: its own PostgreSQL)
//   node bench/catalogue.mjs --database-url postgres://postgres@127.0.0.1:5432/bench   (on PostgreSQL)
//   node bench/catalogue.mjs --skip-build --runs 3 --duration 10 --connections 50 --data-dir /tmp/kept-data
//   node bench/catalogue.mjs --server /tmp/old/apps/api/dist/server.js --skip-build     (another build, e.g. main's)
//   node bench/catalogue.mjs --accept-encoding 'br, gzip'                             (as browsers ask)
// Each run measures the hello, the primary list, a painting detail and the ticker one after the other with autocannon
// (50 connections by default); the figures printed are the median of the runs, and each read's ratio to the hello is
// the median of the per-run ratios. The machine's load average is printed with them: the runs share its cores.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cli, freePort, median, root, startBuiltServer, stopper, waitFor } from './lib/run.mjs';

const { option, flag } = cli();
const runs = Number(option('--runs', '3'));
const duration = Number(option('--duration', '10'));
const connections = Number(option('--connections', '50'));
const databaseUrl = option('--database-url');
// `--accept-encoding 'br, gzip'`: ask as browsers do (kept reads leave compressed once, then from memory); by
// default nothing is asked and every read leaves as it is.
const acceptEncoding = option('--accept-encoding');

/**
 * The built API on a throw-away data folder (the project's own PostgreSQL), `--data-dir` kept, or on --database-url. A first start migrates
 * and seeds the demo catalogue and is stopped; the measured process starts on the ready database, as a production
 * process does. (A process that has just seeded carries the seed's heap for its whole life,
 * and answered the same reads 15–40 % slower in the runs of 2026-11-24: docs/performance.md.)
 */
async function startApi() {
  const dataDir = option('--data-dir') ?? mkdtempSync(join(tmpdir(), 'parcelle-bench-catalogue-'));
  const start = () =>
    startBuiltServer({
      port: Number(option('--port', 0)),
      server: option('--server', 'apps/api/dist/server.js'),
      dataDir,
      prefix: 'bench-catalogue',
      env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
    });
  await (await start()).stop();
  const api = await start();
  const kept = option('--data-dir') !== undefined;
  return {
    ...api,
    stop: async () => {
      await api.stop();
      if (!kept) rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
    autocannon(
      { url, connections, duration, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (error, result) => {
        if (error) return fail(error);
        if (result.non2xx > 0) return fail(new Error(`${url}: ${result.non2xx} answers not 2xx`));
        // Timeouts (10 s) of a server that cannot keep up are counted, not fatal: its figure says it already.
        if (result.errors > 0) console.error(`${url}: ${result.errors} errors (${result.timeouts} timeouts)`);
        done(result.requests.average);
      },
    );
  });
}

async function main() {
  if (!flag('--skip-build')) execFileSync('node', ['scripts/build.mjs', 'apps/api'], { cwd: root, stdio: 'inherit' });
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
        `${databaseUrl ? 'PostgreSQL at --database-url' : 'the project’s own PostgreSQL'}; ${acceptEncoding ? `accept-encoding: ${acceptEncoding}` : 'uncompressed'}; ${connections} connections, ${duration} s per target, ${runs} runs\n`,
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
