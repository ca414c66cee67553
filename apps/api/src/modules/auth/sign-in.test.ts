import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { refreshTokens, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/auth/token', { body: { email, password, device_token: 'dev', device_type: 'web', ...extra } });

describe('POST /api/auth/token', () => {
  it('signs a member in with tokens, language, currency and iev', async () => {
    const member = await createMember(t, { verified: true });
    const response = await login(member.email.toUpperCase(), member.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message.en).toBe('Login successful');
    expect(body.data).toMatchObject({ iev: true, curr: 'EURO', lang: 'en' });
    expect(body.data.token.token_type).toBe('Bearer');
    expect(JSON.stringify(body)).not.toMatch(/argon2|password/i);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const member = await createMember(t);
    const wrong = await login(member.email, 'Wrong!password1');
    const unknown = await login('nobody@example.com', 'Wrong!password1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toEqual({ en: 'Invalid email or password', fr: 'E-mail ou mot de passe incorrect' });
  });

  it('validates the payload with the spec messages', async () => {
    expect((await login('', 'x')).json().error.en).toBe('*Required field');
    expect((await login('bad', 'x')).json().error.en).toBe('Invalid email');
    expect((await login('a@b.co', '')).json().error.en).toBe('*Required field');
    expect((await login('a@b.co', 'x', { admin: true })).statusCode).toBe(400);
  });

  it('refuses a disabled account with Account Deactivated', async () => {
    const member = await createMember(t);
    await t.ctx.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, member.email));
    const response = await login(member.email, member.password);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.en).toBe('Account Deactivated');
    const profile = await t.call('GET', '/api/user/profile', { token: member.accessToken });
    expect(profile.json().error.en).toBe('Account Deactivated');
    const refresh = await t.call('POST', '/api/auth/token/refresh', { body: { refresh_token: member.refreshToken } });
    expect(refresh.json().error.en).toBe('Account Deactivated');
  });
});

describe('access tokens', () => {
  it('answers Jwt Token Expired for an expired token and Invalid Token for a forged one', async () => {
    const member = await createMember(t);
    const [, payload] = member.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('parcelle')
      .setAudience('parcelle-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(t.ctx.config.jwtSecret);
    const expiredResponse = await t.call('GET', '/api/user/profile', { token: expired });
    expect(expiredResponse.statusCode).toBe(401);
    expect(expiredResponse.json().error).toEqual({ en: 'Jwt Token Expired', fr: 'Jeton expiré' });
    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('parcelle')
      .setAudience('parcelle-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect((await t.call('GET', '/api/user/profile', { token: forged })).json().error.en).toBe('Invalid Token');
    expect((await t.call('GET', '/api/user/profile')).json().error.en).toBe('Invalid Token');
  });
});

describe('POST /api/auth/token/refresh', () => {
  it('rotates: the new pair works, the old refresh token works only once', async () => {
    const member = await createMember(t);
    const first = await t.call('POST', '/api/auth/token/refresh', { body: { refresh_token: member.refreshToken } });
    expect(first.statusCode).toBe(200);
    const pair = first.json().data;
    expect(pair.refresh_token).not.toBe(member.refreshToken);
    expect((await t.call('GET', '/api/user/profile', { token: pair.access_token })).statusCode).toBe(200);
    const second = await t.call('POST', '/api/auth/token/refresh', { body: { refresh_token: pair.refresh_token } });
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole session when a rotated token is presented again', async () => {
    const member = await createMember(t);
    const rotated = (
      await t.call('POST', '/api/auth/token/refresh', { body: { refresh_token: member.refreshToken } })
    ).json().data;
    const reuse = await t.call('POST', '/api/auth/token/refresh', { body: { refresh_token: member.refreshToken } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.en).toBe('Token does not exist');
    // The thief's reuse also kills the legitimate holder's newer tokens.
    const newer = await t.call('POST', '/api/auth/token/refresh', { body: { refresh_token: rotated.refresh_token } });
    expect(newer.json().error.en).toBe('Token does not exist');
    expect((await t.call('GET', '/api/user/profile', { token: rotated.access_token })).json().error.en).toBe(
      'Invalid Token',
    );
  });

  it('lets exactly one of two simultaneous refreshes of the same token succeed', async () => {
    const member = await createMember(t);
    const results = await Promise.all([
      t.call('POST', '/api/auth/token/refresh', { body: { refresh_token: member.refreshToken } }),
      t.call('POST', '/api/auth/token/refresh', { body: { refresh_token: member.refreshToken } }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 401]);
  });

  it('refuses unknown and expired refresh tokens', async () => {
    const unknown = await t.call('POST', '/api/auth/token/refresh', { body: { refresh_token: 'nope' } });
    expect(unknown.json().error.en).toBe('Token does not exist');
    const member = await createMember(t);
    await t.ctx.database.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.call('POST', '/api/auth/token/refresh', { body: { refresh_token: member.refreshToken } });
    expect(expired.json().error.en).toBe('Token does not exist');
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session at once: access and refresh tokens stop working', async () => {
    const member = await createMember(t);
    const response = await t.call('POST', '/api/auth/logout', {
      token: member.accessToken,
      body: { refresh_token: member.refreshToken, device_token: 'dev' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message.en).toBe('Logout successful');
    expect((await t.call('GET', '/api/user/profile', { token: member.accessToken })).json().error.en).toBe(
      'Invalid Token',
    );
    const refresh = await t.call('POST', '/api/auth/token/refresh', { body: { refresh_token: member.refreshToken } });
    expect(refresh.json().error.en).toBe('Token does not exist');
  });

  it("cannot end another member's session", async () => {
    const alice = await createMember(t);
    const bob = await createMember(t);
    await t.call('POST', '/api/auth/logout', { token: alice.accessToken, body: { refresh_token: bob.refreshToken } });
    expect((await t.call('GET', '/api/user/profile', { token: bob.accessToken })).statusCode).toBe(200);
  });
});

describe('GET /api/user/profile', () => {
  it("returns the member's own data, never secrets", async () => {
    const alice = await createMember(t, { verified: true });
    const bob = await createMember(t);
    const response = await t.call('GET', '/api/user/profile', { token: alice.accessToken });
    const user = response.json().data.user;
    expect(user).toMatchObject({
      email: alice.email,
      first_name: 'Camille',
      last_name: 'Martin',
      country: 'FR',
      birth_date: '1990-05-17',
      phone: { code: '+33', number: '612345678', slug: 'FR' },
      curr: 'EURO',
      lang: 'en',
      iev: true,
      ipe: false,
      wallet_amount: { value: 0, minor: 0, curr: 'EURO' },
    });
    expect(user.email).not.toBe(bob.email);
    expect(JSON.stringify(response.json())).not.toMatch(/argon2|password_hash|passwordHash/);
  });
});
