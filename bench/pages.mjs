// Lighthouse on the public pages of the production build, each beside its script-free twin (issues 14 and 33). Not
// part of `npm test`. Usage:
//   npm run bench:pages                       (builds, starts the server on a free port, 5 runs per page and preset)
//   node bench/pages.mjs --skip-build --runs 1 --url http://127.0.0.1:3000   (an already running server)
//   node bench/pages.mjs --pages home,painting                              (some of the pages only)
//   node bench/pages.mjs --skip-build --runs 1 --pages home --json-dir /tmp/lh   (also keeps each run's Lighthouse JSON)
//   node bench/pages.mjs --skip-build --presets mobile                      (one preset only; the targets are mobile's)
//   WEB_DIST_DIR=/tmp/old/client node bench/pages.mjs --skip-build --server apps/api/dist-old/server.js  (a kept build)
//   node bench/pages.mjs --protocol http1        (plain HTTP/1.1, as before decision 567; the default is h2)
// Chromium is the machine's own (/usr/bin/chromium or CHROME_PATH); nothing is downloaded and nothing leaves the
// machine: the pages, their media and their API calls are all served by the local server.
// Every page is measured beside its twin, the same page's HTML without its scripts (bench/lib/twin.mjs), in turns
// (page, twin, page, twin…) so that the machine's load weighs on both alike; both go through the twin proxy, on one
// origin. The proxy answers as production's reverse proxy does (docs/deploy.md): HTTP/2 over TLS (decision 567; a
// certificate of its own, which the browser is told to accept), `--protocol http1` for plain HTTP/1.1.
// It prints the medians of both, the page's performance as a share of its twin's, and the issue's targets on
// mobile, each met (✓) or not (✗).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { cli, freePort, loadAverage, median, root, startBuiltServer } from './lib/run.mjs';
import { startTwinProxy, twinUrl } from './lib/twin.mjs';

const { option, flag } = cli();
const runs = Number(option('--runs', '5'));
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a whole number, 1 or more');
const skipBuild = flag('--skip-build');
const jsonDir = option('--json-dir');
const presets = option('--presets', 'mobile,desktop').split(',');
if (presets.some((preset) => preset !== 'mobile' && preset !== 'desktop'))
  throw new Error('--presets: mobile, desktop');
const protocol = option('--protocol', 'h2');
if (protocol !== 'h2' && protocol !== 'http1') throw new Error('--protocol: h2, http1');
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
  // The proxy's own certificate (--protocol h2): accepted, as Lighthouse documents for a certificate one controls.
  ...(protocol === 'h2' ? ['--ignore-certificate-errors'] : []),
];

/**
 * The built server on a throw-away data folder, seeded with the demo catalogue as `npm start` does in development,
 * and the twin proxy in front of it (`--url`: in front of a running server). The server's public address is the
 * proxy's, so that the canonical and alternate links of both the page and its twin name the origin they are read on.
 */
async function startServers() {
  const external = option('--url');
  if (external) {
    const direct = external.replace(/\/$/, '');
    return { ...(await startTwinProxy(direct, { protocol })), direct, stopApp: async () => {} };
  }
  const port = Number(option('--port', 0)) || (await freePort());
  const direct = `http://127.0.0.1:${port}`;
  const proxy = await startTwinProxy(direct, { protocol });
  try {
    const app = await startBuiltServer({
      port,
      server: option('--server', 'apps/api/dist/server.js'),
      prefix: 'bench-pages',
      env: { PUBLIC_URL: proxy.base },
    });
    return { ...proxy, direct, stopApp: app.stop };
  } catch (error) {
    await proxy.stop();
    throw error;
  }
}

/** Home, the first work on the primary market, the artists, the market list, the FAQ and About (`--pages a,b`). */
async function pagesOf(base) {
  const wanted = option('--pages')?.split(',');
  const list = await (await fetch(`${base}/api/paintings/?type=primary&limit=1&offset=0&currency=EURO`)).json();
  const painting = list?.data?.paintings?.[0];
  if (!painting) throw new Error('no painting on the primary market: is the catalogue seeded?');
  const pages = [
    ['home', '/'],
    ['painting detail', `/primary-market/details/${painting.id}`],
    ['artists', '/artists'],
    ['primary market', '/primary-market'],
    ['faq', '/faqs'],
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
      const { pathname, search } = new URL(url);
      const slug = `${pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}${search ? '-twin' : ''}`;
      reportNumber += 1;
      writeFileSync(join(jsonDir, `${String(reportNumber).padStart(2, '0')}-${preset}-${slug}.json`), result.report);
    }
    return figures(result.lhr);
  } finally {
    await chrome.kill();
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const thousandths = (v) => Math.round(v * 1000) / 1000;
/** The columns: how a median is rounded (a mark is the rounded figure's, so that a figure and its mark agree), shown. */
const COLUMNS = [
  { key: 'performance', title: 'Perf.', round: (v) => v, show: String },
  { key: 'ratio', title: 'Perf. ÷ twin', round: thousandths, show: (v) => v.toFixed(3) },
  { key: 'lcp', title: 'LCP', round: (v) => Math.round(v / 10) * 10, show: seconds },
  { key: 'tbt', title: 'TBT', round: Math.round, show: (v) => `${v} ms` },
  { key: 'cls', title: 'CLS', round: thousandths, show: (v) => v.toFixed(3) },
  { key: 'fcp', title: 'FCP', round: (v) => Math.round(v / 10) * 10, show: seconds },
  { key: 'accessibility', title: 'A11y', round: (v) => v, show: String },
  { key: 'bestPractices', title: 'Best pr.', round: (v) => v, show: String },
  { key: 'seo', title: 'SEO', round: (v) => v, show: String },
];
/** The issue's targets, on mobile: what is printed, and whether a figure meets it. */
const TARGETS = {
  performance: ['≥ 95', (v) => v >= 95],
  ratio: ['≥ 0.97', (v) => v >= 0.97],
  lcp: ['≤ 1.5 s', (v) => v <= 1500],
  tbt: ['≤ 100 ms', (v) => v <= 100],
  cls: ['≤ 0.02', (v) => v <= 0.02],
  accessibility: ['100', (v) => v === 100],
  bestPractices: ['100', (v) => v === 100],
  seo: ['100', (v) => v === 100],
};

/** The medians of a page's (or a twin's) runs, rounded as printed. */
function medians(results) {
  const row = {};
  for (const { key, round } of COLUMNS) if (key !== 'ratio') row[key] = round(median(results.map((r) => r[key])));
  return row;
}

/** One table line; on a mobile page's line every figure with a target says whether it meets it. */
function line(row) {
  const cells = COLUMNS.map(({ key, show }) => {
    if (row[key] === undefined) return '—';
    const target = row.preset === 'mobile' && !row.twin ? TARGETS[key] : undefined;
    return target ? `${show(row[key])} ${target[1](row[key]) ? '✓' : '✗'}` : show(row[key]);
  });
  return `| ${[row.twin ? `${row.page}: twin` : row.page, row.preset, ...cells].join(' | ')} |`;
}

/** A page's runs and its twin's, in turns; both rows, the page's with its performance as a share of the twin's. */
async function measure(base, name, path, preset) {
  const pageRuns = [];
  const twinRuns = [];
  for (let run = 0; run < runs; run += 1) {
    pageRuns.push(await audit(`${base}${path}`, preset));
    twinRuns.push(await audit(twinUrl(`${base}${path}`), preset));
  }
  const page = { page: name, preset, ...medians(pageRuns), lcpElement: pageRuns.at(-1)?.lcpElement };
  const twin = { page: name, preset, twin: true, ...medians(twinRuns), lcpElement: twinRuns.at(-1)?.lcpElement };
  page.ratio = thousandths(page.performance / twin.performance);
  return [page, twin];
}

async function main() {
  if (!skipBuild) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const servers = await startServers();
  const rows = [];
  const loadBefore = loadAverage();
  try {
    // The bench's own requests go to the app directly (its certificate is the browser's business, not Node's).
    const pages = await pagesOf(servers.direct);
    await warmUp(servers.direct, pages);
    for (const preset of presets) {
      for (const [name, path] of pages) {
        rows.push(...(await measure(servers.base, name, path, preset)));
        // Each pair as soon as it is known, so that a long run cut short still tells what it measured.
        console.error(`${preset} ${name} (${runs} runs each):\n${line(rows.at(-2))}\n${line(rows.at(-1))}`);
      }
    }
  } finally {
    await servers.stop();
    await servers.stopApp();
  }
  const header = ['Page', 'Preset', ...COLUMNS.map((column) => column.title)];
  console.log(`\nMedian of ${runs} run(s) each, page and script-free twin in turns, Chromium ${chromePath}`);
  console.log(`Served ${protocol === 'h2' ? 'as HTTP/2 over TLS' : 'as plain HTTP/1.1'} by the proxy (--protocol)`);
  console.log(`Load average (1, 5, 15 min): ${loadBefore} before, ${loadAverage()} after\n`);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map(() => '---').join(' | ')} |`);
  const targets = COLUMNS.map(({ key }) => TARGETS[key]?.[0] ?? '—');
  console.log(`| target | mobile | ${targets.join(' | ')} |`);
  for (const row of rows) console.log(line(row));
  console.log('\n✓ met, ✗ not met (the targets are on mobile, for the page; its twin is the reference).');
  console.log('\nMobile targets not met:');
  const missed = rows
    .filter((row) => row.preset === 'mobile' && !row.twin)
    .flatMap((row) =>
      COLUMNS.filter(({ key }) => TARGETS[key] && !TARGETS[key][1](row[key])).map(
        ({ key, title, show }) => `- ${row.page}: ${title} ${show(row[key])}, target ${TARGETS[key][0]}`,
      ),
    );
  console.log(missed.length ? missed.join('\n') : '- none: every target is met');
  console.log('\nLCP elements (last run):');
  for (const row of rows) console.log(`- ${row.preset} ${row.page}${row.twin ? ': twin' : ''}: ${row.lcpElement}`);
}

await main();
