// JWT tampering, revoked sessions and refresh-token reuse, seen from outside.
import { randomBytes } from 'node:crypto';
import { base64url, decodeJwt, SignJWT } from 'jose';
import { describe, errorText } from '../http.mjs';
import { signIn } from '../members.mjs';

const PROFILE = '/api/user/profile';

/** Signs `claims` (the member's own, altered) with the server's secret, when the probe was given it. */
function forge(secret, claims) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

const refused = (answer) => answer.status === 401;

export async function tokenChecks(probe, a, b) {
  const { client } = probe;
  const control = await client.get(PROFILE, { token: b.access });
  if (control.status !== 200) {
    for (const name of ['alg-none', 'wrong-key', 'payload-swapped', 'expired', 'other-session'])
      probe.report.skip(
        `jwt.${name}`,
        `member B's own token is refused (${describe(control)}): nothing to tamper with`,
      );
    return;
  }
  const [header, payload] = b.access.split('.');
  const claims = decodeJwt(b.access);

  await probe.check('jwt.alg-none', async () => {
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
    const stripped = `${header}.${payload}.`;
    const answers = [await client.get(PROFILE, { token: none }), await client.get(PROFILE, { token: stripped })];
    return answers.every(refused)
      ? ['PASS', 'alg "none" and a stripped signature: 401']
      : ['FAIL', `unsigned token answered ${answers.map(describe).join(', ')}`];
  });

  await probe.check('jwt.wrong-key', async () => {
    const token = await forge(randomBytes(48), claims);
    const answer = await client.get(PROFILE, { token });
    return refused(answer) ? ['PASS', 'signed with another key: 401'] : ['FAIL', `answered ${describe(answer)}`];
  });

  await probe.check('jwt.payload-swapped', async () => {
    const swapped = base64url.encode(JSON.stringify({ ...claims, sub: a.userId }));
    const answer = await client.get(PROFILE, { token: `${header}.${swapped}.${b.access.split('.')[2]}` });
    if (!refused(answer)) return ['FAIL', `B's signature over A's id answered ${describe(answer)}`];
    return ['PASS', "B's signature over a payload naming A: 401"];
  });

  const secret = probe.jwtSecret;
  let forgeable = false;
  if (secret) {
    const check = await client.get(PROFILE, {
      token: await forge(secret, { ...claims, iat: Math.floor(Date.now() / 1000) }),
    });
    forgeable = check.status === 200;
  }
  const why = secret
    ? 'the JWT secret given does not sign tokens this server accepts'
    : 'needs the server\u2019s JWT secret (PROBE_JWT_SECRET or PROBE_SECRETS_FILE)';

  await probe.check('jwt.expired', async () => {
    if (!forgeable) return ['SKIP', why];
    const now = Math.floor(Date.now() / 1000);
    const answer = await client.get(PROFILE, {
      token: await forge(secret, { ...claims, iat: now - 3600, exp: now - 60 }),
    });
    if (!refused(answer)) return ['FAIL', `expired token answered ${describe(answer)}`];
    return ['PASS', `expired token: ${describe(answer)}`];
  });

  await probe.check('jwt.other-session', async () => {
    if (!forgeable) return ['SKIP', why];
    const mixed = [
      await client.get(PROFILE, { token: await forge(secret, { ...claims, sid: a.sessionId }) }),
      await client.get(PROFILE, { token: await forge(secret, { ...claims, sub: a.userId }) }),
    ];
    return mixed.every(refused)
      ? ['PASS', "B's id with A's session and A's id with B's session: 401"]
      : ['FAIL', `mixed member/session answered ${mixed.map(describe).join(', ')}`];
  });

  await probe.check('jwt.revoked-session', async () => {
    const other = { ...b };
    const login = await signIn(probe, other);
    if (login.status !== 200) return ['SKIP', `a second sign-in of B answered ${describe(login)}`];
    const logout = await client.post('/api/auth/logout', { refresh_token: other.refresh }, { token: other.access });
    if (logout.status !== 200) return ['FAIL', `logout answered ${describe(logout)}`];
    const after = await client.get(PROFILE, { token: other.access });
    const first = await client.get(PROFILE, { token: b.access });
    if (!refused(after)) return ['FAIL', `the signed-out session's access token answered ${describe(after)}`];
    if (first.status !== 200) return ['FAIL', `signing out one session also ended another (${describe(first)})`];
    return ['PASS', `signed-out session: ${describe(after)}; the member's other session still works`];
  });

  await probe.check('refresh.reuse-revokes-session', async () => {
    const other = { ...b };
    const login = await signIn(probe, other);
    if (login.status !== 200) return ['SKIP', `a second sign-in of B answered ${describe(login)}`];
    const first = other.refresh;
    const rotated = await client.post('/api/auth/token/refresh', { refresh_token: first });
    if (rotated.status !== 200) return ['FAIL', `the first refresh answered ${describe(rotated)}`];
    const next = rotated.json.data;
    const reuse = await client.post('/api/auth/token/refresh', { refresh_token: first });
    const successor = await client.post('/api/auth/token/refresh', { refresh_token: next.refresh_token });
    const access = await client.get(PROFILE, { token: next.access_token });
    const problems = [];
    if (reuse.status !== 401) problems.push(`reused refresh token answered ${describe(reuse)}`);
    if (successor.status !== 401) problems.push(`its successor still refreshes (${describe(successor)})`);
    if (!refused(access)) problems.push(`the session's access token still works (${describe(access)})`);
    return problems.length
      ? ['FAIL', problems.join('; ')]
      : ['PASS', 'reuse answered 401 and ended the session (successor token and access token refused)'];
  });

  await probe.check('logout.foreign-refresh-token', async () => {
    const other = { ...a };
    const login = await signIn(probe, other);
    if (login.status !== 200) return ['SKIP', `a second sign-in of A answered ${describe(login)}`];
    const answer = await client.post('/api/auth/logout', { refresh_token: other.refresh }, { token: b.access });
    const still = await client.get(PROFILE, { token: other.access });
    // B's own session may end (the call signs B out); A's must not.
    const b2 = await signIn(probe, b);
    if (b2.status !== 200) return ['FAIL', `B could not sign in again (${describe(b2)})`];
    if (still.status !== 200)
      return [
        'FAIL',
        `B's logout with A's refresh token ended A's session (${describe(still)}; logout ${describe(answer)})`,
      ];
    return ['PASS', `A's session survives B's logout with A's refresh token (${errorText(answer) || answer.status})`];
  });
}
