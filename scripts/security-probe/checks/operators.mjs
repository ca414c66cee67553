// Issue 26, operator side, as seen from outside: no operator decides what they benefit from, an exit needs two
// operators on terms above the platform's floors, an operator's second factor has a budget, and a payout account's
// owner is one a bank accepts. Operators are made by the admin CLI (the only way to make one), on the server's
// database: the self-started production server's, or this checkout's (`npm start`'s) for a development server.

import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { describe, errorText } from '../http.mjs';
import { readCode } from '../members.mjs';

/** Wrong second-factor codes sent at once; the server checks at most CODE_BUDGET of them in 15 minutes. */
export const OPERATOR_BURST = 40;
export const CODE_BUDGET = 10;

/** A refusal with this error code (`error.code` when the server sends it, else the English text's key words). */
function refusedWith(answer, status, code, words) {
  if (answer.status !== status) return false;
  if (answer.json?.code === code || answer.json?.error?.code === code) return true;
  return words.test(errorText(answer)) && typeof answer.json?.error?.fr === 'string';
}

/**
 * Runs the admin CLI's `create-many` with the operators on standard input (no password on a command line): the built
 * CLI beside the server when there is one, else the TypeScript source through tsx.
 */
export function runAdminCli(root, env, operators) {
  const built = join(root, 'apps/api/dist/admin-cli.js');
  const [command, args] = existsSync(built)
    ? [process.execPath, [built, 'create-many']]
    : [process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/db/admin-cli.ts'), 'create-many']];
  return new Promise((resolveRun, reject) => {
    const child = execFile(command, args, { cwd: root, env, timeout: 180_000 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`admin CLI failed: ${error.message.split('\n')[0]} ${stderr.trim()}`)) : resolveRun(),
    );
    child.stdin?.end(JSON.stringify(operators));
  });
}

/** Signs an operator in for the first time: password, enrolment of the second factor, then a sign-in with a code. */
async function signInOperator(probe, email, password) {
  const { client } = probe;
  const first = await client.post('/api/auth/token', { email, password }, { from: probe.sourceAddresses[1] });
  const enrolling = first.json?.data?.access_token;
  if (first.status !== 200 || !enrolling) throw new Error(`operator sign-in answered ${describe(first)}`);
  const enrol = await client.post('/api/admin/totp/enrol', {}, { token: enrolling });
  const secret = enrol.json?.data?.secret;
  if (enrol.status !== 200 || !secret) throw new Error(`TOTP enrolment answered ${describe(enrol)}`);
  const app = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  const confirm = await client.post('/api/admin/totp/confirm', { code: app.generate() }, { token: enrolling });
  if (confirm.status !== 200) throw new Error(`TOTP confirmation answered ${describe(confirm)}`);
  const challenged = await client.post('/api/auth/token', { email, password }, { from: probe.sourceAddresses[1] });
  const challenge = challenged.json?.data?.challenge;
  if (!challenge) throw new Error(`second sign-in answered ${describe(challenged)}`);
  // The current step was spent by the confirmation: the next one is accepted (a one-step drift is allowed).
  const session = await client.post(
    '/api/auth/token/totp',
    { challenge, code: app.generate({ timestamp: Date.now() + 30_000 }) },
    { from: probe.sourceAddresses[1] },
  );
  const access = session.json?.data?.access_token;
  if (session.status !== 200 || !access) throw new Error(`TOTP sign-in answered ${describe(session)}`);
  return { email, password, access, app };
}

/** Works on the secondary market (an exit offer is for a whole work that members own). */
async function secondaryWorks(probe) {
  const answer = await probe.client.get('/api/paintings/?type=secondary&limit=20&currency=EURO');
  return (answer.json?.data?.paintings ?? []).filter((p) => p.market === 3);
}

/**
 * @param probe the probe (its `makeOperators(list)` writes operators on the server's database, or is absent)
 * @param a member A (holds a part of `probe.painting` and has a pending withdrawal when the setup could make them)
 * @param b member B
 * @param owned what the setup made for A (`withdrawalIds`, `certificates`)
 */
export async function operatorChecks(probe, a, b, owned) {
  const { client } = probe;

  // Payout accounts a bank would refuse: refused when saved (member side, no operator needed).
  await probe.check('sepa.owner-refused', async () => {
    const reauth = await client.post('/api/auth/reauthenticate', { password: b.password }, { token: b.access });
    if (reauth.status !== 200) return ['SKIP', `re-authentication answered ${describe(reauth)}`];
    const iban = 'FR7630006000011234567890189';
    const owners = [
      ['AccountOwnerTooLong', 'A'.repeat(71)],
      ['AccountOwnerNotLatin', 'Анна Каренина'],
    ];
    const wrong = [];
    for (const [code, owner] of owners) {
      let answer = await client.post('/api/user/bank', { account_owner: owner, iban }, { token: b.access });
      const codeField = String(answer.json?.field ?? '');
      if (answer.status === 400 && /code/i.test(codeField) && probe.canReadCodes) {
        const since = new Date(Date.now() - 2000).toISOString();
        await client.post('/api/user/security-code', {}, { token: b.access });
        const proof = await readCode(probe, b.email, since);
        answer = await client.post(
          '/api/user/bank',
          { account_owner: owner, iban, [codeField]: proof },
          { token: b.access },
        );
      }
      const refused = answer.status === 400 && String(answer.json?.field ?? '') === 'account_owner';
      if (!refused) wrong.push(`${code}: ${describe(answer)}`);
    }
    return wrong.length === 0
      ? ['PASS', 'an owner of 71 characters and one in Cyrillic letters are refused on account_owner']
      : ['FAIL', `payout owners a bank refuses were accepted: ${wrong.join('; ')}`];
  });

  if (!probe.makeOperators) {
    probe.report.skip(
      'setup.operators',
      'no admin CLI for this server (a production server started by hand): operator checks not run',
    );
    return;
  }
  const password = `Probe-${randomBytes(9).toString('base64url')}`;
  const other = `probe-op-${randomBytes(4).toString('hex')}@${probe.emailDomain}`;
  let interested;
  let second;
  try {
    // Member A becomes a finance operator (an operator account is also a member's): what A holds stays A's.
    await probe.makeOperators([
      { email: a.email, password, role: 'finance' },
      { email: other, password, role: 'finance', first_name: 'Probe', last_name: 'Operator' },
    ]);
    interested = await signInOperator(probe, a.email, password);
    second = await signInOperator(probe, other, password);
    probe.report.pass('setup.operators', `${a.email} (member A) and ${other}, finance, TOTP enrolled`);
  } catch (error) {
    probe.report.skip('setup.operators', `${error.message}: operator checks not run`);
    return;
  }

  await probe.check('operator.own-withdrawal', async () => {
    const id = owned.withdrawalIds[0];
    if (!id) return ['SKIP', "member A has no pending withdrawal (the 'member A:' line above says why)"];
    const answer = await client.post(`/api/admin/withdrawals/${id}/approve`, {}, { token: interested.access });
    return refusedWith(answer, 409, 'OperatorHasInterest', /benefit/i)
      ? ['PASS', `approving their own withdrawal: ${answer.status} ${errorText(answer)}`]
      : ['FAIL', `an operator approved their own withdrawal: ${describe(answer)}`];
  });

  await probe.check('operator.own-dividend', async () => {
    if (owned.certificates.length === 0 || !probe.painting)
      return ['SKIP', 'member A holds no part (no card sandbox on this server)'];
    const answer = await client.post(
      '/api/admin/dividends',
      { painting_id: probe.painting.id, year: new Date().getUTCFullYear(), currency: 'EURO', amount_per_part_minor: 1 },
      { token: interested.access },
    );
    return refusedWith(answer, 409, 'OperatorHasInterest', /benefit/i)
      ? ['PASS', `declaring a dividend of a work they hold: ${answer.status} ${errorText(answer)}`]
      : ['FAIL', `an operator declared a dividend of a work they hold: ${describe(answer)}`];
  });

  const works = await secondaryWorks(probe);
  const work = works[0];
  await probe.check('exit.floors', async () => {
    if (!work) return ['SKIP', 'no work on the secondary market'];
    const base = { painting_id: work.id, buyer_name: 'Probe Buyer', amount_minor: 500_000_000, currency: 'EURO' };
    const lowTerms = await client.post(
      '/api/admin/exits',
      { ...base, quorum_bps: 1, majority_bps: 1 },
      { token: second.access },
    );
    const shortWindow = await client.post(
      '/api/admin/exits',
      { ...base, vote_closes_at: new Date(Date.now() + 45_000).toISOString() },
      { token: second.access },
    );
    const wrong = [];
    if (!(lowTerms.status === 400 && /floor/i.test(errorText(lowTerms)))) wrong.push(`1 bp: ${describe(lowTerms)}`);
    if (!(shortWindow.status === 400 || shortWindow.status === 409) || !/window|minimum/i.test(errorText(shortWindow)))
      wrong.push(`45 s window: ${describe(shortWindow)}`);
    return wrong.length === 0
      ? ['PASS', `quorum and majority of 1 bp and a 45 s window are refused (${errorText(lowTerms)})`]
      : ['FAIL', `an exit offer below the platform's floors was recorded: ${wrong.join('; ')}`];
  });

  await probe.check('exit.four-eyes', async () => {
    if (!work) return ['SKIP', 'no sold-out work on the secondary market'];
    // An offer at the platform's default terms, far above the work's appraisal (flagged): recorded by one operator,
    // it must not be approved by the same one. It stays recorded, never opened: nobody votes on it.
    const recorded = await client.post(
      '/api/admin/exits',
      {
        painting_id: work.id,
        buyer_name: `Probe Buyer ${randomUUID().slice(0, 8)}`,
        amount_minor: 500_000_000,
        currency: 'EURO',
      },
      { token: second.access },
    );
    const offerId = recorded.json?.data?.id;
    if (recorded.status !== 200 || !offerId) return ['SKIP', `recording an offer answered ${describe(recorded)}`];
    if (recorded.json?.data?.appraisal_flagged === false)
      return ['FAIL', 'an offer of €5,000,000 for a seeded work is not flagged against its appraisal'];
    const approved = await client.post(
      `/api/admin/exits/${offerId}/approve`,
      { acknowledge_appraisal_flag: true },
      { token: second.access },
    );
    return refusedWith(approved, 409, 'FourEyesRequired', /operator|another|second/i)
      ? ['PASS', `the recorder's own approval: ${approved.status} ${errorText(approved)}`]
      : ['FAIL', `the operator who recorded an exit offer approved it: ${describe(approved)}`];
  });

  // Last: it uses up the second operator's code budget for 15 minutes.
  await probe.check('operator.totp-burst', async () => {
    const challenged = await client.post(
      '/api/auth/token',
      { email: second.email, password },
      { from: probe.sourceAddresses[2] },
    );
    const challenge = challenged.json?.data?.challenge;
    if (!challenge) return ['SKIP', `sign-in answered ${describe(challenged)}`];
    const near = new Set([-1, 0, 1].map((step) => second.app.generate({ timestamp: Date.now() + step * 30_000 })));
    let wrong = 100_000;
    while (near.has(String(wrong))) wrong += 1;
    const answers = await Promise.all(
      Array.from({ length: OPERATOR_BURST }, () =>
        client.post('/api/auth/token/totp', { challenge, code: String(wrong) }, { from: probe.sourceAddresses[2] }),
      ),
    );
    const summary = answers.map((answer) => answer.status).join(',');
    if (answers.some((answer) => answer.status === 200)) return ['FAIL', `a wrong code signed in (${summary})`];
    const checked = answers.filter((answer) => answer.status === 400 || answer.status === 401).length;
    return checked <= CODE_BUDGET
      ? ['PASS', `${OPERATOR_BURST} wrong codes at once: ${checked} checked, the rest refused (${summary})`]
      : ['FAIL', `${OPERATOR_BURST} wrong codes at once: ${checked} checked, more than the budget of ${CODE_BUDGET}`];
  });
}
