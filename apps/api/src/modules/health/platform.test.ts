import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('reports the database and the migration level', async () => {
    const response = await t.call('GET', '/api/health');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.database).toBe(process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');
    expect(data.migrations.applied).toBe(data.migrations.available);
    expect(data.migrations.applied).toBeGreaterThan(0);
  });

  it('sends security headers and a request id', async () => {
    const response = await t.call('GET', '/api/health');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('answers unknown API paths with a bilingual 404', async () => {
    const response = await t.call('GET', '/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({ en: 'Not found', fr: 'Introuvable' });
  });

  it('publishes the OpenAPI document with the spec paths', async () => {
    const response = await t.call('GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/auth/token',
      '/api/auth/token/refresh',
      '/api/user/register',
      '/api/user/profile',
      '/api/verify/captcha',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('lists the development outbox newest first, filtered by recipient', async () => {
    await t.ctx.mailer.sendEmail({ to: 'Reader@Example.com', subject: 'first', text: 'one' });
    await t.ctx.mailer.sendEmail({ to: 'reader@example.com', subject: 'second', text: 'two' });
    await t.ctx.mailer.sendEmail({ to: 'else@example.com', subject: 'other', text: 'three' });
    const response = await t.call('GET', '/api/dev/outbox?to=reader@example.com');
    expect(response.json().data.map((m: { subject: string }) => m.subject)).toEqual(['second', 'first']);
    expect(response.json().data[0]).toMatchObject({ to: 'reader@example.com', text: 'two' });
    const page = await t.call('GET', '/dev/outbox?to=reader@example.com');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('second');
  });
});

describe('production mode', () => {
  it('does not expose the outbox', async () => {
    const prod = await createTestApp({ env: 'production' });
    try {
      expect((await prod.call('GET', '/api/dev/outbox')).statusCode).toBe(404);
      expect((await prod.call('GET', '/dev/outbox')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
