// Public documents served from the page cache against a bare Fastify serving the very same bytes, in the same run
// (issue 33, decision 471). Not part of `npm test`. Usage:
//   npm run bench:page-cache                      (builds, starts the built server on a throw-away data folder)
//   node bench/page-cache.mjs --skip-build --runs 3 --duration 10 --connections 50 --data-dir /tmp/kept-data
//   node bench/page-cache.mjs --accept-encoding gzip                      (br by default, as browsers ask)
// The built server answers each page once to warm it (and the renditions it names are not asked: only HTML is
// measured), then the bench reads the page's answer as sent (compressed bytes and headers, through node:http, which
// decodes nothing) and starts a bare Fastify on the same Node that answers the same path with those bytes and those
// headers. After 3 s of each to warm both up, each run measures, for each page, the bare server then the app with
// autocannon (the page's time runs out during the runs, as it would: PAGE_CACHE_SECONDS and its reads' TTL, 10 s, so
// the figure includes its renders again); the figures printed are the medians of the runs, and each page's ratio is
// the median of the per-run ratios. The issue's target: ≥ 0.5. Beside them, each server's CPU time per request
// (/proc): on a machine shared with other work, the steadier comparison of what each answer costs.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cli, freePort, median, root, startBuiltServer, stopper, waitFor } from './lib/run.mjs';

const { option, flag } = cli();
const runs = Number(option('--runs', '3'));
const duration = Number(option('--duration', '10'));
const connections = Number(option('--connections', '50'));
const acceptEncoding = option('--accept-encoding', 'br');
const TARGET = 0.5;

/** The built server started on a ready database (a first start migrates and seeds, then stops), as catalogue.mjs. */
async function startApp() {
  const dataDir = option('--data-dir') ?? mkdtempSync(join(tmpdir(), 'parcelle-bench-page-cache-'));
  const start = () =>
    startBuiltServer({
      port: Number(option('--port', 0)),
      server: option('--server', 'apps/api/dist/server.js'),
      dataDir,
      prefix: 'bench-page-cache',
    });
  await (await start()).stop();
  const app = await start();
  const kept = option('--data-dir') !== undefined;
  return {
    ...app,
    stop: async () => {
      await app.stop();
      if (!kept) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One answer as sent: status, headers and body bytes, nothing decoded. */
function rawGet(url, headers) {
  return new Promise((done, fail) => {
    get(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        done({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', fail);
    }).on('error', fail);
  });
}

/** Headers the bare server's HTTP layer writes itself (or that describe the connection, not the answer). */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * Warms a page and reads its kept answer: asked until two answers in a row carry the same ETag (the second was
 * served from the cache), then that answer's headers and bytes.
 */
async function keptAnswer(base, path) {
  let previous;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const answer = await rawGet(`${base}${path}`, { 'accept-encoding': acceptEncoding });
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
    if (!answer.headers.etag) throw new Error(`${path}: no ETag, so not a kept page`);
    if (previous && previous.headers.etag === answer.headers.etag && previous.body.equals(answer.body)) return answer;
    previous = answer;
  }
  throw new Error(`${path}: never answered twice alike`);
}

/** A bare Fastify on the same Node answering each path with the kept bytes and headers: this machine's ceiling. */
async function startBare(answers) {
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), 'parcelle-bench-bare-'));
  const file = join(folder, 'answers.json');
  const pages = Object.fromEntries(
    Object.entries(answers).map(([path, answer]) => [
      path,
      {
        headers: Object.entries(answer.headers).filter(([name]) => !CONNECTION_HEADERS.has(name)),
        body: answer.body.toString('base64'),
      },
    ]),
  );
  writeFileSync(file, JSON.stringify(pages));
  const code = `
    const { readFileSync } = await import('node:fs');
    const { default: Fastify } = await import('fastify');
    const pages = JSON.parse(readFileSync(${JSON.stringify(file)}, 'utf8'));
    const app = Fastify();
    for (const [path, page] of Object.entries(pages)) {
      const body = Buffer.from(page.body, 'base64');
      app.get(path, (request, reply) => {
        for (const [name, value] of page.headers) reply.header(name, value);
        reply.send(body);
      });
    }
    await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: join(root, 'apps/api'),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}${Object.keys(answers)[0]}`, child, 60);
  return { base, pid: child.pid, stop: stopper(child, () => rmSync(folder, { recursive: true, force: true })) };
}

/** A process's CPU time so far (user + system, in clock ticks of 10 ms), from /proc: Linux only, else NaN. */
function cpuTicks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return Number.NaN;
  }
}

/**
 * Requests per second, and the server's CPU milliseconds per thousand requests: on a machine whose cores are shared
 * (the other processes take turns with both servers) the second is the steadier figure of the two servers' costs.
 */
async function measure(url, pid) {
  const before = cpuTicks(pid);
  const rate = await cannon(url);
  return { rate, cpuPerThousand: ((cpuTicks(pid) - before) * 10 * 1000) / (rate * duration) };
}

function cannon(url, seconds = duration) {
  return new Promise((done, fail) => {
    const headers = { 'accept-encoding': acceptEncoding };
    autocannon({ url, connections, duration: seconds, headers }, (error, result) => {
      if (error) return fail(error);
      if (result.non2xx > 0) return fail(new Error(`${url}: ${result.non2xx} answers not 2xx`));
      if (result.errors > 0) console.error(`${url}: ${result.errors} errors (${result.timeouts} timeouts)`);
      done(result.requests.average);
    });
  });
}

async function main() {
  if (!flag('--skip-build')) execFileSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  const app = await startApp();
  let bare;
  try {
    const list = await (await fetch(`${app.base}/api/paintings/?type=primary&limit=1&offset=0`)).json();
    const painting = list?.data?.paintings?.[0];
    if (!painting) throw new Error('no painting on the primary market: is the catalogue seeded?');
    const pages = [
      ['home', '/'],
      ['work', `/primary-market/details/${painting.id}`],
    ];
    const answers = {};
    for (const [, path] of pages) answers[path] = await keptAnswer(app.base, path);
    bare = await startBare(answers);
    for (const [name, path] of pages) {
      const fromBare = await rawGet(`${bare.base}${path}`, { 'accept-encoding': acceptEncoding });
      if (!fromBare.body.equals(answers[path].body)) throw new Error(`${name}: the bare server's bytes differ`);
    }
    // Both servers' code paths compiled by the JIT before anything is counted.
    for (const [, path] of pages) for (const base of [bare.base, app.base]) await cannon(`${base}${path}`, 3);
    const figures = Object.fromEntries(
      pages.flatMap(([name]) => [
        [`${name} bare`, []],
        [`${name} app`, []],
      ]),
    );
    const cpu = Object.fromEntries(Object.keys(figures).map((key) => [key, []]));
    const loads = [];
    for (let run = 1; run <= runs; run += 1) {
      loads.push(loadavg()[0]);
      for (const [name, path] of pages) {
        for (const [side, base, pid] of [
          ['bare', bare.base, bare.pid],
          ['app', app.base, app.child.pid],
        ]) {
          const { rate, cpuPerThousand } = await measure(`${base}${path}`, pid);
          figures[`${name} ${side}`].push(rate);
          cpu[`${name} ${side}`].push(cpuPerThousand);
          console.error(
            `run ${run} ${name} ${side}: ${Math.round(rate)} req/s, ${Math.round(cpuPerThousand)} ms CPU / 1000`,
          );
        }
      }
    }
    console.log(
      `\n${new Date().toISOString()}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model}, ` +
        `load average at the runs' start ${loads.map((l) => l.toFixed(2)).join(' / ')}; accept-encoding: ` +
        `${acceptEncoding}; ${connections} connections, ${duration} s per target, ${runs} runs\n`,
    );
    console.log(
      '| Page | bytes sent | bare Fastify req/s | page cache req/s | ratio (median) | target ≥ 0.5 | ' +
        'CPU ms / 1000 req, bare / app | CPU ratio bare ÷ app |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const [name, path] of pages) {
      const ratio = median(figures[`${name} app`].map((value, run) => value / figures[`${name} bare`][run]));
      const cpuRatio = median(cpu[`${name} bare`].map((value, run) => value / cpu[`${name} app`][run]));
      console.log(
        `| ${name} | ${answers[path].body.length} | ${Math.round(median(figures[`${name} bare`]))} | ` +
          `${Math.round(median(figures[`${name} app`]))} | ${ratio.toFixed(3)} | ${ratio >= TARGET ? '✓' : '✗'} | ` +
          `${Math.round(median(cpu[`${name} bare`]))} / ${Math.round(median(cpu[`${name} app`]))} | ${cpuRatio.toFixed(3)} |`,
      );
    }
  } finally {
    await bare?.stop();
    await app.stop();
  }
}

await main();
