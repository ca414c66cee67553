// Sign-in and code-sending limits: a bounded number of attempts, then 429 or a captcha; the owner still gets in.
import { asksForCaptcha, describe } from '../http.mjs';
import { signIn, solveCaptcha } from '../members.mjs';
import { findCaptchaField } from '../openapi.mjs';

/** Attempts each limit gets before the check fails. */
export const ATTEMPTS = 15;

/** Sends up to ATTEMPTS requests; answers how many it took to get a 429 or a captcha demand (null: never). */
async function attemptsUntilLimited(send) {
  const seen = new Set();
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const answer = await send();
    if (answer.status === 429 || asksForCaptcha(answer)) return { attempt, answer, seen };
    if (answer.status >= 500) return { attempt: null, answer, seen: seen.add(describe(answer)) };
    seen.add(describe(answer));
  }
  return { attempt: null, seen };
}

export async function limitChecks(probe, b) {
  const { client } = probe;
  const [attacker, owner, other] = probe.sourceAddresses;

  await probe.check('limits.sign-in', async () => {
    const result = await attemptsUntilLimited(() =>
      client.post(
        '/api/auth/token',
        { email: b.email, password: 'Wrong-password-1!' },
        attacker ? { from: attacker } : {},
      ),
    );
    if (result.attempt === null)
      return ['FAIL', `${ATTEMPTS} wrong passwords, never limited (${[...result.seen].join(', ')})`];
    return ['PASS', `limited after ${result.attempt} attempt(s): ${describe(result.answer)}`];
  });

  await probe.check('limits.owner-not-locked-out', async () => {
    const where = owner ? ` (from ${owner})` : '';
    const first = await signIn(probe, b, owner ? { from: owner } : {});
    if (first.status === 200) return ['PASS', `the owner signs in after the attack${where}`];
    // Slowed down or asked for a captcha, not locked out: the owner solves the captcha (which lifts the account's
    // delay) and, when told to wait a few seconds, waits once.
    const field = findCaptchaField(probe.routes.find((route) => route.path === '/api/auth/token')?.body);
    if (!(first.status === 429 || asksForCaptcha(first)) || !field) {
      return ['FAIL', `the owner's right password answered ${describe(first)}${where}`];
    }
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const captcha = await solveCaptcha(client);
      if (!captcha) return ['SKIP', `the owner was asked for a captcha the probe cannot solve (${describe(first)})`];
      const answer = await client.post(
        '/api/auth/token',
        { email: b.email, password: b.password, [field]: captcha },
        owner ? { from: owner } : {},
      );
      if (answer.status === 200) {
        b.access = answer.json.data.access_token;
        b.refresh = answer.json.data.refresh_token;
        return ['PASS', `the owner signs in with a captcha after ${describe(first)}${where}`];
      }
      const wait = Number(answer.headers['retry-after']);
      if (answer.status !== 429 || !(wait > 0 && wait <= 30) || attempt === 1) {
        return ['FAIL', `the owner with the right password and a captcha answered ${describe(answer)}${where}`];
      }
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
    return ['FAIL', 'the owner could not sign in'];
  });

  const routes = [
    [
      'limits.code.forgot-password',
      () => client.post('/api/auth/forgotpwd', { email: 'probe-nobody@example.invalid' }, { from: other }),
    ],
    [
      'limits.code.email-verification',
      () => client.post('/api/user/resend/email', {}, { token: b.access, from: other }),
    ],
    // Its own number: the server refuses to send, so no SMS leaves; the limit counts the call all the same.
    [
      'limits.code.phone',
      () =>
        client.post(
          '/api/user/phone',
          { slug: 'FR', country_code: '+33', number: b.phoneNumber },
          { token: b.access, from: other },
        ),
    ],
  ];
  if (probe.canReadCodes) {
    routes.push([
      'limits.code.purchase',
      () => client.post('/api/paintings/purchase/code', undefined, { token: b.access, from: other }),
    ]);
    routes.push([
      'limits.code.withdrawal',
      () => client.post('/api/member/withdrawal/code', undefined, { token: b.access, from: other }),
    ]);
  } else {
    probe.report.skip('limits.code.purchase', 'would send real SMS (no dev outbox, no SMS stub)');
    probe.report.skip('limits.code.withdrawal', 'would send real SMS (no dev outbox, no SMS stub)');
  }
  for (const [name, send] of routes) {
    await probe.check(name, async () => {
      const result = await attemptsUntilLimited(send);
      if (result.attempt === null) return ['FAIL', `${ATTEMPTS} calls, never limited (${[...result.seen].join(', ')})`];
      return ['PASS', `limited after ${result.attempt} call(s): ${describe(result.answer)}`];
    });
  }
}
