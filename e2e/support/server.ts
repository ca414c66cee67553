import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSumsubStub } from '../../apps/api/src/modules/verification/providers/sumsub-stub';
import { startErrorIngest } from './error-ingest';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The operator created by the admin CLI before the server starts (role admin, email verified). */
    operator: { email: string; password: string };
    /** A second operator (role finance): the other pair of eyes that releases payouts and approves dividends. */
    finance: { email: string; password: string };
    /** A second operator, for the console's journey (e2e/admin-console.e2e.ts): it enrols its second factor there. */
    consoleOperator: { email: string; password: string };
    /** A catalogue operator (e2e/admin-catalogue.e2e.ts): it enrols its second factor there. */
    catalogueOperator: { email: string; password: string };
    /**
     * The two operators of the money journey (e2e/admin-money.e2e.ts, roles admin and finance): it enrols their
     * second factor, so they are not `operator` and `finance`, whose first sign-in member-area.e2e.ts checks.
     */
    moneyAdmin: { email: string; password: string };
    moneyFinance: { email: string; password: string };
    /** The finance operator of the exit journey (e2e/exits.e2e.ts): it enrols its second factor there. */
    exitsOperator: { email: string; password: string };
    /** The second finance operator of the exit journey, who approves the offer (four eyes, issue 26). */
    exitsApprover: { email: string; password: string };
    /** The compliance operator of the verification journey (e2e/verification.e2e.ts, issue 29): decides cases. */
    complianceOperator: { email: string; password: string };
    /** The compliance operator of the console's verification journey (e2e/verification-console.e2e.ts): enrols there. */
    verificationReviewer: { email: string; password: string };
    /** The compliance operator of the complaint journey (e2e/complaint.e2e.ts): enrols its second factor there. */
    complaintsOfficer: { email: string; password: string };
    /** An admin who reads the audit log through the API (e2e/verification-console.e2e.ts: a document view's entry). */
    auditor: { email: string; password: string };
    /** The stand-in for Sentry's ingest the pages report their errors to (support/error-ingest.ts). */
    errorIngestUrl: string;
    /** The server's identity provider: `manual`, or `sumsub` (the local stub) for a group run with E2E_SERVER=sumsub. */
    verificationProvider: 'manual' | 'sumsub';
  }
}

const root = resolve(import.meta.dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A hang guard, not a speed limit: a fresh server creates its PostgreSQL cluster, migrates and seeds before it answers
 * (62–70 s measured on this 2-core machine under a load of 14–20, where a 60 s guard failed runs with nothing wrong).
 */
const HEALTH_TIMEOUT_MS = 240_000;

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * Creates the run's operators with one call of the built admin CLI (`admin-cli.js create-many`, the list on its
 * standard input, so no password is on a command line) on the fresh data folder, before the server starts (the CLI
 * starts the folder's PostgreSQL and stops it; the server then starts it again). `npm run build` (run by `npm run test:e2e`) bundles the CLI beside the server.
 */
function createOperators(
  env: NodeJS.ProcessEnv,
  operators: { email: string; password: string; role: 'admin' | 'catalogue' | 'finance' | 'compliance' }[],
): Promise<void> {
  const built = join(root, 'apps/api/dist/admin-cli.js');
  if (!existsSync(built)) return Promise.reject(new Error(`${built} is missing: run npm run build first`));
  return new Promise((resolveRun, reject) => {
    const child = execFile(
      process.execPath,
      [built, 'create-many'],
      { cwd: root, env, timeout: 180_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`admin CLI failed: ${error.message}\n${stdout}${stderr}`)) : resolveRun(),
    );
    child.stdin?.end(JSON.stringify(operators));
  });
}

/**
 * A server configured otherwise for one journey's group (scripts/e2e.mjs OWN_SERVERS, decision 412), by the name in
 * E2E_SERVER: `sumsub` starts the local Sumsub stub (decision 347: its own page picks GREEN or RED and sends the signed
 * webhook to this server) and names it the identity provider. Answers the server's extra environment and what to stop.
 */
async function ownServer(
  name: string | undefined,
  baseUrl: string,
): Promise<{ env: Record<string, string>; provider: 'manual' | 'sumsub'; close: () => Promise<void> }> {
  if (!name) return { env: {}, provider: 'manual', close: async () => undefined };
  if (name !== 'sumsub') throw new Error(`E2E_SERVER=${name} is not a server configuration (scripts/e2e.mjs)`);
  const keys = {
    appToken: `sbx:e2e-${randomBytes(8).toString('hex')}`,
    secretKey: randomBytes(24).toString('hex'),
    webhookSecret: randomBytes(24).toString('hex'),
  };
  const stub = await startSumsubStub({
    appToken: keys.appToken,
    secretKey: keys.secretKey,
    webhook: { url: `${baseUrl}/api/webhooks/verification/sumsub`, secret: keys.webhookSecret },
  });
  return {
    env: {
      VERIFICATION_PROVIDER: 'sumsub',
      SUMSUB_APP_TOKEN: keys.appToken,
      SUMSUB_SECRET_KEY: keys.secretKey,
      SUMSUB_WEBHOOK_SECRET: keys.webhookSecret,
      SUMSUB_API_URL: stub.url,
    },
    provider: 'sumsub',
    close: stub.close,
  };
}

/**
 * Starts the built platform the way `npm start` does (node apps/api/dist/server.js, development mode so
 * the outbox is readable) on a free port (or E2E_PORT) with a throw-away data folder, for the whole e2e run.
 */
export default async function setup(project: TestProject) {
  // E2E_PORT: a fixed port, for machines where each worker is given its own ports.
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'parcelle-e2e-'));
  let log = '';
  const baseUrl = `http://127.0.0.1:${port}`;
  const errorIngest = await startErrorIngest();
  const own = await ownServer(process.env.E2E_SERVER, baseUrl);
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // Media URLs (base_url of profile images) and links in emails point at the address the browser uses.
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    // The member-area journey sells out a seeded drop with one card purchase (thousands of parts): the reservation
    // caps of decision 84 are lifted here; apps/api/src/modules/purchases/limits.test.ts tests them.
    RESERVATION_MAX_SHARE_PERCENT: '100',
    // Every simulated member and operator of the run comes from 127.0.0.1: the per-IP limit of the sign-in and code
    // routes (20 a minute by default) would answer 429 to whichever journey came last in a busy minute, so it is
    // raised here; the limits themselves are tested by the API suite (modules/auth/limits.test.ts).
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    RESERVATION_MAX_PENDING_MINOR: '1000000000',
    // The journeys save a bank account and withdraw at once: no 48-hour hold after a payout change here (the hold is
    // covered by the API and web tests).
    PAYOUT_HOLD_HOURS: '0',
    // The exit journey votes in a 30-minute window, which it then ends through the development route (decision 377),
    // with a quorum of any part (the seeded co-owners do not vote): the platform's floors (7 days, 50 %) are lowered
    // here; apps/api/src/modules/exits/exits.test.ts tests them.
    EXIT_MIN_QUORUM_BPS: '1',
    EXIT_MIN_WINDOW_SECONDS: '5',
    // Emails (sign-up codes) and settlements are sent by jobs: picked up within half a second instead of two.
    JOBS_POLL_SECONDS: '0.5',
    // The browser's error reports go to a local stand-in (e2e/browser-errors.e2e.ts).
    SENTRY_BROWSER_DSN: `${errorIngest.url.replace('http://', 'http://e2epublickey@')}/7`,
    ...own.env,
  };
  const operator = { email: 'operator@parcelle.test', password: `Op-${randomBytes(12).toString('hex')}` };
  const finance = { email: 'finance@parcelle.test', password: `Op-${randomBytes(12).toString('hex')}` };
  const consoleOperator = {
    email: 'console-operator@parcelle.test',
    password: `Op-${randomBytes(12).toString('hex')}`,
  };
  const catalogueOperator = {
    email: 'catalogue-operator@parcelle.test',
    password: `Op-${randomBytes(12).toString('hex')}`,
  };
  const moneyAdmin = { email: 'money-admin@parcelle.test', password: `Op-${randomBytes(12).toString('hex')}` };
  const moneyFinance = { email: 'money-finance@parcelle.test', password: `Op-${randomBytes(12).toString('hex')}` };
  const exitsOperator = { email: 'exits-finance@parcelle.test', password: `Op-${randomBytes(12).toString('hex')}` };
  const exitsApprover = { email: 'exits-approver@parcelle.test', password: `Op-${randomBytes(12).toString('hex')}` };
  const complianceOperator = {
    email: 'compliance-operator@parcelle.test',
    password: `Op-${randomBytes(12).toString('hex')}`,
  };
  const verificationReviewer = {
    email: 'verification-reviewer@parcelle.test',
    password: `Op-${randomBytes(12).toString('hex')}`,
  };
  const complaintsOfficer = {
    email: 'complaints-officer@parcelle.test',
    password: `Op-${randomBytes(12).toString('hex')}`,
  };
  const auditor = { email: 'auditor@parcelle.test', password: `Op-${randomBytes(12).toString('hex')}` };
  try {
    await createOperators(env, [
      { ...operator, role: 'admin' },
      { ...moneyAdmin, role: 'admin' },
      { ...moneyFinance, role: 'finance' },
      { ...exitsOperator, role: 'finance' },
      { ...exitsApprover, role: 'finance' },
      { ...catalogueOperator, role: 'catalogue' },
      { ...finance, role: 'finance' },
      { ...consoleOperator, role: 'admin' },
      { ...complianceOperator, role: 'compliance' },
      { ...verificationReviewer, role: 'compliance' },
      { ...complaintsOfficer, role: 'compliance' },
      { ...auditor, role: 'admin' },
    ]);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    await errorIngest.close();
    await own.close();
    throw error;
  }
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The whole log is also written where scripts/e2e.mjs reads it when the group fails (E2E_SERVER_LOG).
  const logFile = process.env.E2E_SERVER_LOG ? createWriteStream(process.env.E2E_SERVER_LOG, { flags: 'a' }) : null;
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk) => {
      log += chunk;
      logFile?.write(chunk);
    });
  }
  try {
    await waitForHealth(baseUrl, child, () => log);
  } catch (error) {
    // Nothing of a failed start is left running (the server, and through it its PostgreSQL) or on disk.
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await errorIngest.close();
    await own.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('operator', operator);
  project.provide('finance', finance);
  project.provide('consoleOperator', consoleOperator);
  project.provide('catalogueOperator', catalogueOperator);
  project.provide('moneyAdmin', moneyAdmin);
  project.provide('moneyFinance', moneyFinance);
  project.provide('exitsOperator', exitsOperator);
  project.provide('exitsApprover', exitsApprover);
  project.provide('complianceOperator', complianceOperator);
  project.provide('verificationReviewer', verificationReviewer);
  project.provide('complaintsOfficer', complaintsOfficer);
  project.provide('auditor', auditor);
  project.provide('errorIngestUrl', errorIngest.url);
  project.provide('verificationProvider', own.provider);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await new Promise((r) => (logFile ? logFile.end(r) : r(undefined)));
    await errorIngest.close();
    await own.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
