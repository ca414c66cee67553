// Lighthouse on the public pages of the production build (issue 14). Not part of `npm test`. Usage:
//   npm run bench:pages                       (builds, starts the server on a free port, 3 runs per page and preset)
//   node bench/pages.mjs --skip-build --runs 1 --url http://127.0.0.1:3000   (an already running server)
//   node bench/pages.mjs --pages home,painting                              (some of the pages only)
//   node bench/pages.mjs --skip-build --runs 1 --pages home --json-dir /tmp/lh   (also keeps each run's Lighthouse JSON)
//   WEB_DIST_DIR=/tmp/old/client node bench/pages.mjs --skip-build --server apps/api/dist-old/server.js  (a kept build)
// Chromium is the machine's own (/usr/bin/chromium or CHROME_PATH); nothing is downloaded and nothing leaves the
// machine: the pages, their media and their API calls are all served by the local server.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { cli, median, root, startBuiltServer } from './lib/run.mjs';

const { option, flag } = cli();
const runs = Number(option('--runs', '3'));
const skipBuild = flag('--skip-build');
const jsonDir = option('--json-dir');
let reportNumber = 0;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-default-apps',
  '--disable-extensions',
];

/** The built server on a throw-away data folder, seeded with the demo catalogue as `npm start` does in development. */
const startServer = () =>
  startBuiltServer({
    port: Number(option('--port', 0)),
    server: option('--server', 'apps/api/dist/server.js'),
    prefix: 'bench-pages',
  });

/** Home, the detail of the first work on the primary market, the market list and one content page (`--pages a,b`). */
async function pagesOf(base) {
  const wanted = option('--pages')?.split(',');
  const list = await (await fetch(`${base}/api/paintings/?type=primary&limit=1&offset=0&currency=EURO`)).json();
  const painting = list?.data?.paintings?.[0];
  if (!painting) throw new Error('no painting on the primary market: is the catalogue seeded?');
  const pages = [
    ['home', '/'],
    ['painting detail', `/primary-market/details/${painting.id}`],
    ['primary market', '/primary-market'],
    ['about', '/about'],
  ];
  return wanted ? pages.filter(([name]) => wanted.some((word) => name.startsWith(word))) : pages;
}

/**
 * Asks once for each page and for the renditions its preloaded image names, before measuring: a fresh data folder
 * has no AVIF/WebP renditions yet (made on first request, then stored), and the first Lighthouse run would otherwise
 * time one image encoding on the server instead of the page. A real site's renditions are made by its first visitors.
 */
async function warmUp(base, pages) {
  for (const [, path] of pages) {
    const html = await (await fetch(`${base}${path}`)).text();
    const srcset = html.match(/<link rel="preload" as="image"[^>]*imageSrcSet="([^"]+)"/)?.[1] ?? '';
    const urls = srcset.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]?.replaceAll('&amp;', '&'));
    for (const url of urls.filter(Boolean)) await fetch(new URL(url, base)).then((response) => response.arrayBuffer());
  }
}

function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (id) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  return {
    performance: score('performance'),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    fcp: audit('first-contentful-paint'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
  };
}

/** Lighthouse now and then loses the trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is done again. */
async function audit(url, preset, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, preset);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.error(`${preset} ${url}: ${error.message}; again`);
    }
  }
}

async function auditOnce(url, preset) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result?.lhr) throw new Error(`no Lighthouse result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    if (jsonDir) {
      // Read with e.g. the audits network-requests, render-blocking-insight, lcp-breakdown-insight, metrics.
      mkdirSync(jsonDir, { recursive: true });
      const slug = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
      reportNumber += 1;
      writeFileSync(join(jsonDir, `${String(reportNumber).padStart(2, '0')}-${preset}-${slug}.json`), result.report);
    }
    return figures(result.lhr);
  } finally {
    await chrome.kill();
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const HEADER = ['Page', 'Preset', 'Perf.', 'LCP', 'CLS', 'TBT', 'FCP', 'A11y', 'Best pr.', 'SEO'];
const line = (row) =>
  `| ${[row.page, row.preset, row.performance, row.lcp, row.cls, row.tbt, row.fcp, row.a11y, row.bp, row.seo].join(' | ')} |`;

async function main() {
  if (!skipBuild) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const external = option('--url');
  const server = external ? { base: external.replace(/\/$/, ''), stop: async () => {} } : await startServer();
  const rows = [];
  try {
    const pages = await pagesOf(server.base);
    await warmUp(server.base, pages);
    for (const preset of ['mobile', 'desktop']) {
      for (const [name, path] of pages) {
        const results = [];
        for (let run = 0; run < runs; run += 1) results.push(await audit(`${server.base}${path}`, preset));
        const pick = (key) => median(results.map((result) => result[key]));
        rows.push({
          page: name,
          preset,
          performance: pick('performance'),
          lcp: seconds(pick('lcp')),
          cls: pick('cls').toFixed(3),
          tbt: `${Math.round(pick('tbt'))} ms`,
          fcp: seconds(pick('fcp')),
          a11y: pick('accessibility'),
          bp: pick('bestPractices'),
          seo: pick('seo'),
          lcpElement: results.at(-1)?.lcpElement,
        });
        // Each row as soon as it is known, so that a long run cut short still tells what it measured.
        console.error(`${preset} ${name} (${runs} runs): ${line(rows.at(-1))}`);
      }
    }
  } finally {
    await server.stop();
  }
  console.log(`\nMedian of ${runs} run(s), Chromium ${chromePath}\n`);
  console.log(`| ${HEADER.join(' | ')} |`);
  console.log(`| ${HEADER.map(() => '---').join(' | ')} |`);
  for (const row of rows) console.log(line(row));
  console.log('\nLCP elements (last run):');
  for (const row of rows) console.log(`- ${row.preset} ${row.page}: ${row.lcpElement}`);
}

await main();
