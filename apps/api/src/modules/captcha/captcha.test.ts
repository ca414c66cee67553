import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function solvedPayload(): Promise<string> {
  const response = await t.call('GET', '/api/captcha/challenge');
  expect(response.statusCode).toBe(200);
  const { challenge } = response.json().data;
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('captcha (ALTCHA proof of work)', () => {
  it('verifies a solved challenge once, and refuses its replay', async () => {
    const captchaValue = await solvedPayload();
    const first = await t.call('POST', '/api/verify/captcha', { body: { captchaValue } });
    expect(first.json().data).toEqual({ success: true, verified: true });
    const replay = await t.call('POST', '/api/verify/captcha', { body: { captchaValue } });
    expect(replay.json().data).toEqual({ success: false, verified: false });
  });

  it('refuses a tampered or garbage solution', async () => {
    const payload = JSON.parse(Buffer.from(await solvedPayload(), 'base64').toString());
    payload.solution.counter += 1;
    payload.solution.derivedKey = '00'.repeat(32);
    const tampered = await t.call('POST', '/api/verify/captcha', {
      body: { captchaValue: Buffer.from(JSON.stringify(payload)).toString('base64') },
    });
    expect(tampered.json().data.verified).toBe(false);
    const garbage = await t.call('POST', '/api/verify/captcha', { body: { captchaValue: 'not base64 json' } });
    expect(garbage.json().data.verified).toBe(false);
    const missing = await t.call('POST', '/api/verify/captcha', { body: {} });
    expect(missing.statusCode).toBe(400);
  });
});
