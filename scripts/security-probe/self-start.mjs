// `--production`: starts the built server itself in production mode on a free loopback port, with a throw-away data
// folder and a throw-away database on PROBE_DATABASE_URL's server (else TEST_DATABASE_URL's, else the local
// postgres://postgres@127.0.0.1:5432), the offline payment sandboxes (PAYMENTS_SANDBOX=true), an SMTP sink and a
// Twilio stub. Production refuses to start without DATABASE_URL (the project's own PostgreSQL is for development).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { MessageStore, startSmtpSink, startTwilioStub } from './sinks.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const START_TIMEOUT_MS = 120_000;

const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/** A new database on the probe's PostgreSQL server, and the function that drops it. */
async function throwAwayDatabase() {
  const server =
    process.env.PROBE_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `parcelle_probe_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: server });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Starts everything; answers { baseUrl, store, jwtSecret, logFile, env (the server's, for the admin CLI), stop() }. */
export async function startProductionServer() {
  const entry = join(ROOT, 'apps/api/dist/server.js');
  if (!existsSync(entry)) throw new Error('apps/api/dist/server.js is missing: run `npm run build` first');
  const store = new MessageStore();
  const smtp = await startSmtpSink(store);
  const twilio = await startTwilioStub(store);
  const dataDir = mkdtempSync(join(tmpdir(), 'parcelle-probe-'));
  const port = await freePort();
  const jwtSecret = randomBytes(48).toString('base64url');
  const database = await throwAwayDatabase();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = {
    ...inherited,
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    SERVER_SECRET: randomBytes(48).toString('base64url'),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Parcelle probe <probe@example.com>',
    TWILIO_ACCOUNT_SID: `AC${randomBytes(16).toString('hex')}`,
    TWILIO_AUTH_TOKEN: randomBytes(16).toString('hex'),
    TWILIO_FROM: '+15005550006',
    TWILIO_API_URL: `http://127.0.0.1:${twilio.port}`,
    PAYMENTS_SANDBOX: 'true',
    SEED_CATALOGUE: 'true',
    LOG_LEVEL: 'warn',
  };
  const logFile = join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [entry], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = null;
  child.once('exit', (code, signal) => {
    exited = { code, signal };
  });

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      await new Promise((done) => {
        const timer = setTimeout(() => {
          if (!exited) child.kill('SIGKILL');
          done();
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          done();
        });
      });
    }
    smtp.server.close();
    twilio.server.close();
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) {
      const output = readFileSync(logFile, 'utf8').trim().split('\n').slice(-15).join('\n');
      await stop();
      throw new Error(`the production server exited (${exited.code ?? exited.signal}) at start-up:\n${output}`);
    }
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (answer.ok) return { baseUrl: `http://127.0.0.1:${port}`, store, jwtSecret, logFile, env, stop };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  await stop();
  throw new Error(`the production server did not answer within ${START_TIMEOUT_MS / 1000} s`);
}
