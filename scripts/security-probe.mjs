#!/usr/bin/env node
// Security probe of issue 12: runs against a running Parcelle server on this machine and prints one line per
// check (PASS, FAIL or SKIP with the reason); exits non-zero on any FAIL.
//
//   npm run security:probe -- http://127.0.0.1:3000 [--expect-production]
//   npm run security:probe -- --production      (starts the built server itself in production mode)
//
// Loopback only, a fixed budget of requests and time. Members: throw-away ones made through the public API (email
// codes read from the dev outbox, or from the SMTP sink and SMS stub of --production), or PROBE_MEMBER_A /
// PROBE_MEMBER_B (email:password, verified) against a production server started by hand.
// See README "Security probe" and docs/security.md.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BudgetExhausted, MAX_REQUESTS, RequestBudget, TIME_LIMIT_MS } from './security-probe/budget.mjs';
import { accountChecks, inputChecks, surfaceChecks } from './security-probe/checks/hardening.mjs';
import { idorChecks, setUpMemberA } from './security-probe/checks/idor.mjs';
import { limitChecks } from './security-probe/checks/limits.mjs';
import { operatorChecks, runAdminCli } from './security-probe/checks/operators.mjs';
import { stepUpChecks } from './security-probe/checks/step-up.mjs';
import { tokenChecks } from './security-probe/checks/tokens.mjs';
import { parseBaseUrl } from './security-probe/guard.mjs';
import { Client } from './security-probe/http.mjs';
import { existingMember, registerMember } from './security-probe/members.mjs';
import { collectRoutes } from './security-probe/openapi.mjs';
import { Report } from './security-probe/report.mjs';
import { startProductionServer } from './security-probe/self-start.mjs';

/** The checkout this probe belongs to (its admin CLI makes the operators of the operator checks). */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `usage: npm run security:probe -- BASE_URL [--expect-production]
       npm run security:probe -- --production

  BASE_URL             a loopback address (127.0.0.0/8, ::1, localhost), e.g. http://127.0.0.1:3000
  --expect-production  the server runs with NODE_ENV=production (else: detected from its dev outbox)
  --production         start the built server (npm run build first) in production mode on a free loopback port,
                       with a throw-away data folder, PAYMENTS_SANDBOX=true, an SMTP sink and a Twilio stub

  env PROBE_MEMBER_A, PROBE_MEMBER_B   email:password of two verified members (needed without a dev outbox)
  env PROBE_JWT_SECRET or PROBE_SECRETS_FILE (default: DATA_DIR/secrets.json) for the expired/other-session tokens
  env PROBE_EMAIL_DOMAIN   domain of throw-away members' addresses (default example.com)

At most ${MAX_REQUESTS} requests and ${TIME_LIMIT_MS / 1000} s, then it stops by itself.`;

function jwtSecret() {
  if (process.env.PROBE_JWT_SECRET) return new TextEncoder().encode(process.env.PROBE_JWT_SECRET);
  const file = process.env.PROBE_SECRETS_FILE ?? resolve(process.env.DATA_DIR ?? 'data', 'secrets.json');
  if (!existsSync(file)) return null;
  try {
    const { jwt } = JSON.parse(readFileSync(file, 'utf8'));
    return typeof jwt === 'string' ? new TextEncoder().encode(jwt) : null;
  } catch {
    return null;
  }
}

/** Other loopback source addresses, so one check's per-IP limit does not spill over the next (IPv4 only). */
async function sourceAddresses(client, target) {
  if (target.connectHost.includes(':')) return [undefined, undefined, undefined];
  const addresses = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];
  try {
    await client.get('/api/health', { from: addresses[0] });
    return addresses;
  } catch {
    return [undefined, undefined, undefined];
  }
}

async function firstWorks(client) {
  const answer = await client.get('/api/paintings/?type=primary&limit=50&currency=EURO');
  const open = (answer.json?.data?.paintings ?? []).filter(
    (p) => p.market === 2 && p.total_part - p.sold_out_part >= 5,
  );
  return [open[0], open[1]];
}

async function main(argv) {
  const args = argv.filter((arg) => !arg.startsWith('--'));
  const flags = new Set(argv.filter((arg) => arg.startsWith('--')));
  const selfStart = flags.has('--production');
  if (flags.has('--help') || args.length !== (selfStart ? 0 : 1)) {
    console.log(USAGE);
    return flags.has('--help') ? 0 : 2;
  }
  let server = null;
  if (selfStart) {
    try {
      console.log('Starting the built server in production mode (throw-away data folder, SMTP sink, SMS stub)…');
      server = await startProductionServer();
    } catch (error) {
      console.error(error.message);
      return 2;
    }
  }
  try {
    return await probeServer(server ? server.baseUrl : args[0], flags, server);
  } finally {
    await server?.stop();
  }
}

async function probeServer(baseUrl, flags, server) {
  let target;
  try {
    target = parseBaseUrl(baseUrl);
  } catch (error) {
    console.error(error.message);
    return 2;
  }
  const budget = new RequestBudget();
  const client = new Client(target, budget);
  const report = new Report();
  const probe = {
    client,
    report,
    target,
    emailDomain: process.env.PROBE_EMAIL_DOMAIN ?? 'example.com',
    jwtSecret: server ? new TextEncoder().encode(server.jwtSecret) : jwtSecret(),
    store: server?.store ?? null,
    // Operators are made by the admin CLI on the server's database: the self-started server's, or this checkout's
    // (DATA_DIR or DATABASE_URL of this shell, as `npm start` and `npm run admin` use them) for a development server.
    makeOperators: null,
  };
  probe.check = async (name, run) => {
    try {
      const [status, reason] = await run();
      report.add(name, status, reason);
    } catch (error) {
      if (error instanceof BudgetExhausted) throw error;
      report.fail(name, `probe error: ${error.message}`);
    }
  };

  console.log(`Security probe of ${target.origin} (at most ${MAX_REQUESTS} requests, ${TIME_LIMIT_MS / 1000} s)`);
  let stoppedEarly = false;
  try {
    const health = await client.get('/api/health');
    if (health.status === 0) throw new Error('no answer');
    const docs = await client.get('/api/docs/json');
    probe.docs = docs.status === 200 ? docs.json : null;
    probe.routes = probe.docs ? collectRoutes(probe.docs) : [];
    const outbox = await client.get('/api/dev/outbox?to=probe-nobody%40example.invalid');
    probe.outbox = outbox.status === 200;
    probe.production = Boolean(server) || flags.has('--expect-production') || !probe.outbox;
    probe.canReadCodes = probe.outbox || Boolean(server);
    if (server) probe.makeOperators = (operators) => runAdminCli(ROOT, server.env, operators);
    else if (probe.outbox) probe.makeOperators = (operators) => runAdminCli(ROOT, process.env, operators);
    probe.sourceAddresses = await sourceAddresses(client, target);
    [probe.painting, probe.otherPainting] = await firstWorks(client);
    console.log(
      `server: ${probe.production ? 'production' : 'development'}${server ? ' (started by the probe)' : ''}; dev outbox ${probe.outbox ? 'present' : 'absent'}; ` +
        `${probe.routes.length} routes in /api/docs/json${probe.docs ? '' : ' (not served)'}`,
    );

    await surfaceChecks(probe);

    let a;
    let b;
    let c;
    try {
      if (process.env.PROBE_MEMBER_A && process.env.PROBE_MEMBER_B) {
        a = await existingMember(probe, 'A', process.env.PROBE_MEMBER_A);
        b = await existingMember(probe, 'B', process.env.PROBE_MEMBER_B);
      } else if (probe.canReadCodes) {
        a = await registerMember(probe, 'A');
        b = await registerMember(probe, 'B');
      } else {
        throw new Error(
          'no dev outbox to read email codes from: set PROBE_MEMBER_A and PROBE_MEMBER_B (email:password)',
        );
      }
      report.pass('setup.members', `A ${a.email}, B ${b.email}`);
    } catch (error) {
      if (error instanceof BudgetExhausted) throw error;
      report.fail('setup.members', error.message);
    }
    try {
      c = await registerMember(probe, 'C', { verify: false });
    } catch (error) {
      if (error instanceof BudgetExhausted) throw error;
      report.skip('setup.unverified-member', error.message);
    }

    if (a && b) {
      await tokenChecks(probe, a, b);
      const setup = await setUpMemberA(probe, a, b);
      console.log(
        `member A: ${setup.markers.length} private values to look for${setup.notes.length ? `; ${setup.notes.join('; ')}` : ''}`,
      );
      await idorChecks(probe, a, b, setup);
      await inputChecks(probe, b);
      await accountChecks(probe, b, c);
      // Issue 26, before the limit checks spend the per-IP budgets of this address.
      await stepUpChecks(probe, b);
      await operatorChecks(probe, a, b, setup.owned);
      await limitChecks(probe, b);
    } else {
      report.skip('checks.members', 'no members: token, IDOR, input, account and limit checks not run');
    }
  } catch (error) {
    if (!(error instanceof BudgetExhausted)) {
      report.fail('probe', `stopped: ${error.message}`);
    } else {
      report.fail('probe.budget', `stopped by itself: ${error.message}; later checks not run`);
    }
    stoppedEarly = true;
  }
  console.log(
    `${report.summary()}; ${budget.used} requests in ${((Date.now() - budget.startedAt) / 1000).toFixed(1)} s`,
  );
  return report.exitCode(stoppedEarly);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
