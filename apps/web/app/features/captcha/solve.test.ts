// @vitest-environment node
import { createHash } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { encodeV1, solveCaptcha, solveV1 } from './solve';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const decode = (value: string) => JSON.parse(Buffer.from(value, 'base64').toString('utf8'));

describe('captcha proof of work', () => {
  it('solves an altcha-lib v2 challenge that the server then verifies', async () => {
    const secret = 'test-secret';
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 321,
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + 600,
      hmacSignatureSecret: secret,
    });
    const value = await solveCaptcha(JSON.parse(JSON.stringify(challenge)));
    expect(value).not.toBeNull();
    const payload = decode(value as string);
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secret,
    });
    expect(result.verified).toBe(true);
  });

  it('finds the v1 number whose hash matches the challenge', async () => {
    const salt = 'a1b2c3?expires=1700000000';
    const challenge = { algorithm: 'SHA-256', challenge: sha(`${salt}1234`), salt, signature: 'sig', maxnumber: 5000 };
    await expect(solveV1(challenge)).resolves.toBe(1234);
    expect(decode(encodeV1(challenge, 1234))).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 1234,
      salt,
      signature: 'sig',
    });
  });

  it('gives up past maxnumber, and on anything that is not a challenge', async () => {
    const challenge = {
      algorithm: 'SHA-256',
      challenge: sha('salt9999'),
      salt: 'salt',
      signature: 's',
      maxnumber: 100,
    };
    await expect(solveV1(challenge)).resolves.toBeNull();
    await expect(solveCaptcha(null)).resolves.toBeNull();
    await expect(solveCaptcha({ provider: 'turnstile' })).resolves.toBeNull();
  });
});
