import { messages } from '@parcelle/shared/i18n/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, getRefreshToken, storeTokens } from '../api/storage';
import { failure, ok, stubFetch } from '../test/fetch';
import { authProvider, confirmTotp, forgetIdentity } from './auth-provider';
import { i18nProvider } from './i18n';

const operator = { id: 'o1', email: 'op@parcelle.art', first_name: 'Ada', last_name: 'Op', operator_role: 'finance' };
const session = { access_token: 'access-1', refresh_token: 'refresh-1', lang: 'en', curr: 'EURO', iev: true };

beforeEach(() => {
  localStorage.clear();
  forgetIdentity();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18nProvider.changeLocale('en');
});

describe('login', () => {
  it('answers the code step with the challenge when the operator has a second factor; no token is kept', async () => {
    const calls = stubFetch([ok({ totp_required: true, challenge: 'signed-challenge' })]);
    const answer = await authProvider.login({ email: ' op@parcelle.art ', password: 'pw' });
    expect(answer).toEqual({ success: false, step: 'code', challenge: 'signed-challenge' });
    expect(calls[0]).toMatchObject({
      url: '/api/auth/token',
      method: 'POST',
      body: { email: 'op@parcelle.art', password: 'pw' },
    });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(getAccessToken()).toBeNull();
  });

  it('finishes with the code: keeps the tokens, checks the operator, goes home', async () => {
    const calls = stubFetch([ok(session), ok(operator)]);
    const answer = await authProvider.login({ challenge: 'signed-challenge', code: ' 123456 ' });
    expect(answer).toEqual({ success: true, redirectTo: '/' });
    expect(calls[0]).toMatchObject({
      url: '/api/auth/token/totp',
      body: { challenge: 'signed-challenge', code: '123456' },
    });
    expect(calls[1]).toMatchObject({ url: '/api/admin/me' });
    expect(calls[1]?.headers.Authorization).toBe('Bearer access-1');
    expect([getAccessToken(), getRefreshToken()]).toEqual(['access-1', 'refresh-1']);
    expect(await authProvider.getPermissions?.()).toBe('finance');
    expect(await authProvider.getIdentity?.()).toEqual(operator);
    expect(calls).toHaveLength(2);
  });

  it('sends an operator without a second factor to the enrolment, keeping the enrolling session', async () => {
    stubFetch([ok(session), failure(403, messages.TotpEnrolmentRequired)]);
    const answer = await authProvider.login({ email: 'op@parcelle.art', password: 'pw' });
    expect(answer).toEqual({ success: true, step: 'enrol', redirectTo: '/enrol' });
    expect(getAccessToken()).toBe('access-1');
  });

  it('signs a member who is not an operator out again at once, and says why in the current language', async () => {
    await i18nProvider.changeLocale('fr');
    const calls = stubFetch([ok(session), failure(403, messages.OperatorOnly), ok(null)]);
    const answer = await authProvider.login({ email: 'member@parcelle.art', password: 'pw' });
    expect(answer).toMatchObject({ success: false, error: { message: 'Ce compte n’est pas un compte opérateur.' } });
    expect(calls[2]).toMatchObject({ url: '/api/auth/logout', body: { refresh_token: 'refresh-1' } });
    expect(getAccessToken()).toBeNull();
  });

  it('answers a refused password or code with the API message', async () => {
    stubFetch([failure(401, messages.TotpCodeInvalid)]);
    const answer = await authProvider.login({ challenge: 'c', code: '000000' });
    expect(answer).toMatchObject({ success: false, error: { message: messages.TotpCodeInvalid.en } });
  });
});

describe('check, errors and logout', () => {
  it('is not authenticated without a token (to /login) nor while the second factor is not enrolled (to /enrol)', async () => {
    expect(await authProvider.check()).toMatchObject({ authenticated: false, redirectTo: '/login' });
    storeTokens('access-1', 'refresh-1');
    stubFetch([failure(403, messages.TotpEnrolmentRequired)]);
    expect(await authProvider.check()).toEqual({ authenticated: false, redirectTo: '/enrol' });
  });

  it('is authenticated when /admin/me answers', async () => {
    storeTokens('access-1', 'refresh-1');
    stubFetch([ok(operator)]);
    expect(await authProvider.check()).toEqual({ authenticated: true });
  });

  it('logs out on a 401, sends to the enrolment on TotpEnrolmentRequired, ignores other errors', async () => {
    expect(await authProvider.onError({ statusCode: 401, message: 'x' })).toEqual({
      logout: true,
      redirectTo: '/login',
    });
    expect(
      await authProvider.onError({ statusCode: 403, message: 'x', error: messages.TotpEnrolmentRequired }),
    ).toEqual({ redirectTo: '/enrol' });
    expect(await authProvider.onError({ statusCode: 409, message: 'x', error: messages.SomethingWentWrong })).toEqual(
      {},
    );
  });

  it('ends the server session and forgets the tokens', async () => {
    storeTokens('access-1', 'refresh-1');
    const calls = stubFetch([ok(null)]);
    expect(await authProvider.logout({})).toEqual({ success: true, redirectTo: '/login' });
    expect(calls[0]).toMatchObject({ url: '/api/auth/logout', method: 'POST', body: { refresh_token: 'refresh-1' } });
    expect(getAccessToken()).toBeNull();
  });
});

describe('enrolment', () => {
  it('confirms with a code and answers the recovery codes', async () => {
    storeTokens('access-1', 'refresh-1');
    const calls = stubFetch([ok({ recovery_codes: ['a', 'b'] })]);
    expect(await confirmTotp(' 123456 ')).toEqual(['a', 'b']);
    expect(calls[0]).toMatchObject({ url: '/api/admin/totp/confirm', body: { code: '123456' } });
  });
});
