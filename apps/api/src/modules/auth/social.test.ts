import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, createMember, lastMessageTo, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { socialAccounts } from '../../db/schema';

/** A local OpenID provider: a key pair whose public half is served as a JWKS on 127.0.0.1. */
let server: Server;
let jwksBase: string;
let signingKey: SigningKey;
let strangerKey: SigningKey;
let t: TestApp;

const GOOGLE_CLIENT = 'parcelle-test.apps.googleusercontent.com';
const MICROSOFT_CLIENT = '11111111-2222-3333-4444-555555555555';
const CONSUMERS = '9188040d-6c67-4c5b-b112-36a304b66dad';
const WORK_TENANT = 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee';
const MS_ISSUER = 'https://login.microsoftonline.com/{tenantid}/v2.0';

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    social: {
      google: { clientId: GOOGLE_CLIENT, jwksUrl: `${jwksBase}/google`, issuers: ['https://accounts.google.com'] },
      microsoft: { clientId: MICROSOFT_CLIENT, tenant: 'common', jwksUrl: `${jwksBase}/microsoft`, issuer: MS_ISSUER },
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

let sequence = 0;
function googleClaims(overrides: JWTPayload = {}): JWTPayload {
  sequence += 1;
  return {
    iss: 'https://accounts.google.com',
    aud: GOOGLE_CLIENT,
    sub: `google-sub-${sequence}-${Date.now()}`,
    email: `social${sequence}.${Date.now()}@gmail.com`,
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
    ...overrides,
  };
}

async function sign(claims: JWTPayload, options: { key?: SigningKey; expiresIn?: string | number } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(options.key ?? signingKey);
}

const social = (token: string, token_type: 'google' | 'microsoft' = 'google', extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/auth/token/social', {
    body: { token, token_type, device_token: 'test-device', device_type: 'web', curr: 'EURO', lang: 'fr', ...extra },
  });

describe('POST /api/auth/token/social (Google)', () => {
  it('creates a verified member on first sign-in, then signs the same member in', async () => {
    const claims = googleClaims();
    const first = await social(await sign(claims));
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data).toMatchObject({ iev: true, curr: 'EURO', lang: 'fr' });
    expect(data.token.access_token).toBe(data.access_token);
    expect(data.token.refresh_token).toBeTruthy();
    const row = await userRow(t, String(claims.email));
    expect(row).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phoneNumber: null, currency: 'EURO' });
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const profile = await t.call('GET', '/api/user/profile', { token: data.access_token });
    expect(profile.json().data.user).toMatchObject({ email: claims.email, ipe: true, iev: true });

    const again = await social(await sign(claims));
    expect(again.statusCode).toBe(200);
    const links = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.provider, 'google'), eq(socialAccounts.subject, String(claims.sub))));
    expect(links).toHaveLength(1);
    expect(links[0]?.userId).toBe(row?.id);
  });

  it('refuses a wrong audience, a wrong issuer, a bad signature and garbage with the generic message', async () => {
    const cases = [
      await sign(googleClaims({ aud: 'someone-else.apps.googleusercontent.com' })),
      await sign(googleClaims({ iss: 'https://evil.example.com' })),
      await sign(googleClaims(), { key: strangerKey }),
      'not.a.jwt',
    ];
    for (const token of cases) {
      const response = await social(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({
        en: 'Something went wrong. Please try again later.',
        fr: "Une erreur s'est produite. Veuillez réessayer plus tard.",
      });
    }
  });

  it("answers 'Token expired' for an expired token", async () => {
    const response = await social(await sign(googleClaims(), { expiresIn: Math.floor(Date.now() / 1000) - 60 }));
    expect(response.statusCode).toBe(401);
    expect(response.json().error.en).toBe('Token expired');
  });

  it('requires a verified Google email', async () => {
    const claims = googleClaims({ email_verified: false });
    const response = await social(await sign(claims));
    expect(response.statusCode).toBe(401);
    expect(await userRow(t, String(claims.email))).toBeUndefined();
  });

  it('never links to an existing member with the same email', async () => {
    const member = await createMember(t);
    const response = await social(await sign(googleClaims({ email: member.email.toUpperCase() })));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.en).toBe('An account already exists with the same email address.');
    const links = await t.ctx.database.db.select().from(socialAccounts);
    expect(links.every((link) => link.email !== member.email)).toBe(true);
  });

  it('refuses a disabled member', async () => {
    const claims = googleClaims();
    const first = (await social(await sign(claims))).json().data;
    await t.call('POST', '/api/user/request/disable/account', { body: { reason: 'bye' }, token: first.access_token });
    const again = await social(await sign(claims));
    expect(again.statusCode).toBe(401);
    expect(again.json().error.en).toBe('Account Deactivated');
  });

  it('validates the request', async () => {
    const response = await social('x', 'facebook' as never);
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/auth/token/social (Microsoft)', () => {
  const msClaims = (tid: string, overrides: JWTPayload = {}): JWTPayload => {
    sequence += 1;
    return {
      iss: `https://login.microsoftonline.com/${tid}/v2.0`,
      aud: MICROSOFT_CLIENT,
      tid,
      sub: `ms-sub-${sequence}`,
      email: `ms${sequence}.${Date.now()}@outlook.com`,
      name: 'Grace Hopper',
      ...overrides,
    };
  };

  it('signs in a personal account, verified', async () => {
    const claims = msClaims(CONSUMERS);
    const response = await social(await sign(claims), 'microsoft');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.iev).toBe(true);
    expect(await userRow(t, String(claims.email))).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  });

  it('a work account without a verified domain starts unverified and gets an emailed code', async () => {
    const claims = msClaims(WORK_TENANT);
    const response = await social(await sign(claims), 'microsoft');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.iev).toBe(false);
    expect(codeIn((await lastMessageTo(t, String(claims.email)))?.text)).toMatch(/^\d{6}$/);
  });

  it("checks the issuer against the token's own tenant", async () => {
    const response = await social(
      await sign(msClaims(WORK_TENANT, { iss: `https://login.microsoftonline.com/${CONSUMERS}/v2.0` })),
      'microsoft',
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().error.en).toBe('Something went wrong. Please try again later.');
    const noTenant = await social(await sign(msClaims(WORK_TENANT, { tid: undefined })), 'microsoft');
    expect(noTenant.statusCode).toBe(401);
  });
});

describe('providers', () => {
  it('GET /api/auth/social/providers lists the configured client ids', async () => {
    const response = await t.call('GET', '/api/auth/social/providers');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      google: { client_id: GOOGLE_CLIENT },
      microsoft: { client_id: MICROSOFT_CLIENT, tenant: 'common' },
    });
  });

  it('answers null providers and a 400 when none is configured', async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.call('GET', '/api/auth/social/providers')).json().data).toEqual({
        google: null,
        microsoft: null,
      });
      const response = await bare.call('POST', '/api/auth/token/social', {
        body: { token: await sign(googleClaims()), token_type: 'google' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.en).toBe('This sign-in method is not available');
    } finally {
      await bare.close();
    }
  });
});
