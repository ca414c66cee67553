import { describe, expect, it } from 'vitest';
import { decideAccess } from './guards';

const guest = { hasToken: false, iev: undefined };
const unverified = { hasToken: true, iev: false };
const unknownFlag = { hasToken: true, iev: null };
const member = { hasToken: true, iev: true };

describe('route guards (spec §2)', () => {
  it('lets everybody see public pages', () => {
    for (const session of [guest, unverified, member]) expect(decideAccess('public', session)).toBeNull();
  });

  it('sends signed-in visitors away from guest-only pages to /', () => {
    expect(decideAccess('guest', guest)).toBeNull();
    expect(decideAccess('guest', member)).toEqual({ redirect: '/' });
    expect(decideAccess('guest', unverified)).toEqual({ redirect: '/' });
  });

  it('sends guests from member pages to /login', () => {
    expect(decideAccess('member', guest)).toEqual({ redirect: '/login' });
  });

  it('sends members whose iev is false, null or undefined to /verify-email', () => {
    const toVerify = { redirect: '/verify-email', reason: 'verify-email' };
    expect(decideAccess('member', unverified)).toEqual(toVerify);
    expect(decideAccess('member', unknownFlag)).toEqual(toVerify);
    expect(decideAccess('member', { hasToken: true, iev: undefined })).toEqual(toVerify);
    expect(decideAccess('member', member)).toBeNull();
  });

  it('keeps /verify-email for unverified members only', () => {
    expect(decideAccess('verify', guest)).toEqual({ redirect: '/login' });
    expect(decideAccess('verify', unverified)).toBeNull();
    expect(decideAccess('verify', member)).toEqual({ redirect: '/' });
  });

  it('sends guests from /change-password to /login', () => {
    expect(decideAccess('signed-in', guest)).toEqual({ redirect: '/login' });
    expect(decideAccess('signed-in', unverified)).toBeNull();
  });
});
