import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../../test/factories';
import { createProductionTestApp, createTestApp, type TestApp } from '../../../test/test-app';
import { isLoopback } from '../../http/loopback';
import { verificationCodeEmail } from '../notifications/emails';

let t: TestApp;
let production: TestApp;
beforeAll(async () => {
  // Behind a trusted proxy, so that X-Forwarded-For would decide request.ip: the tools must not believe it.
  t = await createTestApp({ trustProxy: true });
  production = await createProductionTestApp();
});
afterAll(async () => {
  await t.close();
  await production.close();
});

describe('POST /api/dev/wallet/credit', () => {
  it('credits a member wallet through the ledger; the profile shows the balance', async () => {
    const member = await createMember(t, { verified: true });
    const credit = await t.call('POST', '/api/dev/wallet/credit', {
      body: { email: member.email, currency: 'EURO', amount_minor: 12_345 },
    });
    expect(credit.statusCode).toBe(200);
    expect(credit.json().data.balance_minor).toBe(12_345);
    const profile = (await t.call('GET', '/api/user/profile', { token: member.accessToken })).json().data;
    expect(profile.user.wallet_amount).toEqual({ value: 123.45, minor: 12_345, curr: 'EURO' });
    expect(
      (
        await t.call('POST', '/api/dev/wallet/credit', {
          body: { email: 'nobody@example.com', currency: 'USD', amount_minor: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/api/dev/wallet/credit', {
          body: { email: member.email, currency: 'USD', amount_minor: -5 },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('answers only the machine itself: 404 to any other address, whatever X-Forwarded-For says', async () => {
    const member = await createMember(t, { verified: true });
    const body = { email: member.email, currency: 'EURO', amount_minor: 100 };
    for (const ip of ['10.0.0.8', '192.168.1.20', '2001:db8::1', '::ffff:10.0.0.8']) {
      const credit = await t.call('POST', '/api/dev/wallet/credit', { body, ip });
      expect(credit.statusCode).toBe(404);
      expect(credit.json().error).toEqual({ en: 'Not found', fr: 'Introuvable' });
      expect((await t.call('GET', '/api/dev/outbox', { ip })).statusCode).toBe(404);
      expect((await t.call('GET', '/dev/outbox', { ip })).statusCode).toBe(404);
    }
    const spoofed = { body, ip: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } };
    expect((await t.call('POST', '/api/dev/wallet/credit', spoofed)).statusCode).toBe(404);
    expect((await t.call('GET', '/dev/outbox', { ip: '203.0.113.9', headers: spoofed.headers })).statusCode).toBe(404);
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect((await t.call('POST', '/api/dev/wallet/credit', { body, ip })).statusCode).toBe(200);
      expect((await t.call('GET', '/dev/outbox', { ip })).statusCode).toBe(200);
    }
  });

  it('recognises loopback addresses only', () => {
    for (const address of ['127.0.0.1', '127.255.0.1', '::1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3']) {
      expect(isLoopback(address)).toBe(true);
    }
    for (const address of [undefined, '', '128.0.0.1', '10.127.0.1', '::2', '::ffff:10.0.0.1', '127.example.com']) {
      expect(isLoopback(address)).toBe(false);
    }
  });

  it('shows each email’s HTML part in a sandboxed frame, with its text part, and answers both', async () => {
    const email = `outbox.${Date.now()}@example.com`;
    await t.ctx.mailer.sendEmail({
      to: email,
      ...verificationCodeEmail('fr', { firstName: 'Zoé <script>alert(1)</script>', code: '482913' }),
    });
    const api = (await t.call('GET', `/api/dev/outbox?to=${email}`)).json().data;
    expect(api[0]).toMatchObject({ channel: 'email', subject: 'Votre code Parcelle' });
    expect(api[0].html).toContain('<html lang="fr"');
    expect(api[0].text).toContain('482913');
    const page = await t.call('GET', `/dev/outbox?to=${email}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toMatch(/<iframe sandbox title="Votre code Parcelle" srcdoc="&lt;!doctype html&gt;/);
    // Escaped twice inside srcdoc: once by the email, once as an attribute; no live script reaches the page.
    expect(page.body).toContain('&amp;lt;script&amp;gt;');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('<summary>Plain text</summary>');
  });

  it('does not exist in production', async () => {
    const response = await production.call('POST', '/api/dev/wallet/credit', {
      body: { email: 'a@example.com', currency: 'USD', amount_minor: 1 },
    });
    expect(response.statusCode).toBe(404);
    expect((await production.call('GET', '/api/dev/outbox')).statusCode).toBe(404);
    expect((await production.call('GET', '/dev/outbox')).statusCode).toBe(404);
  });
});
