// The browser journeys in groups run side by side, each group against a server of its own (decision 295).
//
//   node scripts/e2e.mjs [vitest arguments…]
//
// Every group is one `vitest run --config e2e/vitest.config.ts <its files>`: its global setup starts its own built
// server on its own data folder and PostgreSQL, with its own operators, so no journey of one group can see or change
// the data of another (the demo member, a drop's last parts, an exit). Within a group the files still run one after
// another. The files are dealt to the groups longest first, by the seconds each took in the last measured run
// (docs/testing.md, "Phase times"); a file not listed yet counts as a minute. E2E_GROUPS sets the number of groups
// (default: 2, or 1 on a one-core machine); arguments given (a file filter) run as one group. A journey that needs a
// server configured otherwise (OWN_SERVERS: the Sumsub stub as the identity provider) runs in a group of its own, its
// global setup told which configuration by E2E_SERVER (decision 412).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Seconds per journey file, measured in a fresh clone's run in two groups on the 2-core machine (docs/testing.md),
 * 30 November 18:39, nothing beside it: what counts is their proportions, which deal the files to the groups.
 */
export const MEASURED_SECONDS = {
  'accessibility.e2e.ts': 121,
  'admin-catalogue.e2e.ts': 103,
  'member-area.e2e.ts': 78,
  'public-site.e2e.ts': 71,
  'admin-money.e2e.ts': 42,
  'verification.e2e.ts': 38,
  'documents.e2e.ts': 38,
  'orderbook.e2e.ts': 38,
  'sign-up-and-sign-in.e2e.ts': 34,
  'purchase.e2e.ts': 33,
  'verification-console.e2e.ts': 31,
  'server-rendering.e2e.ts': 30,
  'investor.e2e.ts': 26,
  'budget.e2e.ts': 22,
  'investor-onboarding.e2e.ts': 20,
  'account.e2e.ts': 20,
  'exits.e2e.ts': 19,
  'onboarding-in-french.e2e.ts': 17,
  'revocation.e2e.ts': 15,
  'admin-console.e2e.ts': 12,
  'notifications.e2e.ts': 12,
  'top-up.e2e.ts': 11,
  'complaint.e2e.ts': 8,
  'browser-errors.e2e.ts': 3,
  'budget-css.e2e.ts': 0,
  // Its own group and server (OWN_SERVERS): measured in the same run, beside the others.
  'verification-sumsub.e2e.ts': 21,
};
const UNMEASURED_SECONDS = 60;

/**
 * Journeys that need a server configured otherwise than the others (decision 412), each dealt to a group of its own
 * whose global setup (e2e/support/server.ts) reads the configuration's name from E2E_SERVER. The identity provider is
 * one per server: `sumsub` starts the local Sumsub stub and names it the server's provider.
 */
export const OWN_SERVERS = { 'verification-sumsub.e2e.ts': 'sumsub' };

/**
 * Deals the files to `count` groups, longest first, each to the group with the fewest seconds so far; a file of
 * `servers` gets a group of its own after them, with its server's configuration (`server`).
 */
export function groupsOf(files, count, seconds = MEASURED_SECONDS, servers = OWN_SERVERS) {
  const weight = (file) => seconds[file] ?? UNMEASURED_SECONDS;
  const groups = Array.from({ length: Math.max(1, count) }, () => ({ files: [], seconds: 0 }));
  const shared = files.filter((file) => !(file in servers));
  for (const file of [...shared].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = groups.reduce((best, group) => (group.seconds < best.seconds ? group : best));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  const own = files
    .filter((file) => file in servers)
    .sort()
    .map((file) => ({ files: [file], seconds: weight(file), server: servers[file] }));
  return [...groups.filter((group) => group.files.length > 0), ...own];
}

/**
 * The server configuration the arguments of a filtered run need: that of the journey files they name (none: the
 * default server). Files needing different servers cannot share one run: that is an error, as a message.
 */
export function serverForArguments(args, servers = OWN_SERVERS) {
  const files = args.filter((arg) => arg.endsWith('.e2e.ts')).map((arg) => basename(arg));
  const wanted = new Set(files.map((file) => servers[file] ?? ''));
  if (wanted.size > 1) {
    return {
      error: `run ${files.filter((file) => file in servers).join(', ')} on its own: it needs a server of its own`,
    };
  }
  return { server: [...wanted][0] || undefined };
}

/**
 * Vitest takes a file argument as a filter that any file whose path contains it matches: "catalogue.e2e.ts" also
 * ran "admin-catalogue.e2e.ts", twice in one run when the two fell in different groups. The names of two journey
 * files must therefore never end one another; answers the pairs that do.
 */
export function ambiguousNames(files) {
  return files.flatMap((file) =>
    files.filter((other) => other !== file && other.endsWith(file)).map((other) => `${file} is the end of ${other}`),
  );
}

/** The last `count` lines of a text, for the end of a server's log. */
export function lastLines(text, count) {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.slice(-count);
}

/**
 * A failed group's server log (warnings and errors: E2E_SERVER_LOG, written by e2e/support/server.ts) is printed,
 * its last lines, after the group's own output: a journey that waited for a job (a verification's decision, a
 * settlement) otherwise failed with nothing to say what the server did meanwhile.
 */
function printServerLog(prefix, file) {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  const tail = lastLines(text, SERVER_LOG_LINES);
  process.stdout.write(`${prefix}--- the server's log, its last ${tail.length} lines ---\n`);
  for (const line of tail) process.stdout.write(`${prefix}${line}\n`);
}

const SERVER_LOG_LINES = 80;

function runGroup(index, args, server) {
  const logDir = mkdtempSync(join(tmpdir(), 'parcelle-e2e-log-'));
  const serverLog = join(logDir, 'server.log');
  return new Promise((resolveRun) => {
    const env = { ...process.env, E2E_GROUP: String(index + 1), E2E_SERVER_LOG: serverLog };
    if (server) env.E2E_SERVER = server;
    else delete env.E2E_SERVER;
    const child = spawn(
      process.execPath,
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'e2e/vitest.config.ts', ...args],
      { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const prefix = `[e2e ${index + 1}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`));
    }
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
  }).then((code) => {
    if (code !== 0) printServerLog(`[e2e ${index + 1}] `, serverLog);
    rmSync(logDir, { recursive: true, force: true });
    return code;
  });
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length > 0) {
    const { server, error } = serverForArguments(args);
    if (error) {
      console.error(`[e2e] ${error}`);
      process.exit(1);
    }
    process.exit(await runGroup(0, args, server));
  }
  const files = readdirSync(join(ROOT, 'e2e')).filter((file) => file.endsWith('.e2e.ts'));
  const ambiguous = ambiguousNames(files);
  if (ambiguous.length > 0) {
    console.error(`[e2e] rename the journey files, each must be a filter of itself alone: ${ambiguous.join('; ')}`);
    process.exit(1);
  }
  const count = Number(process.env.E2E_GROUPS ?? (availableParallelism() > 1 ? 2 : 1));
  const groups = groupsOf(files, count);
  for (const [index, group] of groups.entries()) {
    const own = group.server ? `, its own server: ${group.server}` : '';
    console.log(`[e2e ${index + 1}] ${group.files.join(' ')} (about ${group.seconds} s measured${own})`);
  }
  const started = Date.now();
  // No file name ends another's (checked above), so each filter names one file only.
  const codes = await Promise.all(
    groups.map((group, index) =>
      runGroup(
        index,
        group.files.map((f) => `e2e/${f}`),
        group.server,
      ),
    ),
  );
  const failed = codes.filter((code) => code !== 0).length;
  console.log(
    `[e2e] ${groups.length} group(s) in ${Math.round((Date.now() - started) / 1000)} s: ${failed ? `${failed} failed` : 'all passed'}`,
  );
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
