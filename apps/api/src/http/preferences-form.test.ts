import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = (body: string, contentType = 'application/x-www-form-urlencoded') =>
  t.app.inject({ method: 'POST', url: '/preferences', headers: { 'content-type': contentType }, payload: body });

describe('POST /preferences: the chooser as a plain form (issue 33)', () => {
  it('keeps the chosen language and sends the visitor back, without the ?lng= that would outrank it', async () => {
    const response = await send('language=fr&return=%2Fartists%3Flng%3Den%26page%3D2');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/artists?page=2');
    expect(response.headers['set-cookie']).toEqual([
      expect.stringMatching(/^i18next=fr; Path=\/; Max-Age=31536000; SameSite=Lax$/),
    ]);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps the chosen currency', async () => {
    const response = await send('currency=USD&return=%2F');
    expect(response.statusCode).toBe(303);
    expect(response.headers['set-cookie']).toEqual([expect.stringMatching(/^currency=USD;/)]);
  });

  it('never sends the visitor to another site', async () => {
    for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '']) {
      const response = await send(`language=en&return=${encodeURIComponent(target)}`);
      expect(response.statusCode, target).toBe(303);
      expect(response.headers.location, target).toBe('/');
    }
  });

  it('refuses what is not a choice, with a bilingual error and no cookie', async () => {
    for (const body of ['', 'language=de', 'currency=GBP', 'return=%2F']) {
      const response = await send(body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json().error).toEqual({ en: expect.any(String), fr: expect.any(String) });
      expect(response.headers['set-cookie'], body).toBeUndefined();
    }
  });

  it('takes forms nowhere else: an API route still refuses a cross-site form body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.c&password=x',
    });
    expect(response.statusCode).toBe(415);
  });
});
