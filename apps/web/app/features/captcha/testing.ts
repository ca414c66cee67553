import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/**
 * For tests: what GET /api/captcha/challenge answers with ALTCHA (a real challenge, signed with a test key, of low cost),
 * and a check that a form sent a solution of it, as the server verifies one.
 */
const SECRET = 'web-test-captcha-secret';

export async function altchaChallengeData() {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: 12,
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + 600,
    hmacSignatureSecret: SECRET,
  });
  return { provider: 'altcha', challenge: JSON.parse(JSON.stringify(challenge)), site_key: null };
}

export async function isSolvedCaptcha(value: unknown): Promise<boolean> {
  if (typeof value !== 'string') return false;
  try {
    const payload = JSON.parse(atob(value));
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: SECRET,
    });
    return result.verified;
  } catch {
    return false;
  }
}
