import { messages } from '@parcelle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator } from '../../../test/factories';
import { createProductionTestApp, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const databaseKind = 'postgres';

describe('platform', () => {
  it('answers liveness only on /api/health: nothing about the database', async () => {
    const response = await t.call('GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ status: 'ok' });
    expect(response.body).not.toContain(databaseKind);
    expect(response.body).not.toContain('migrations');
  });

  it('sends security headers and a request id', async () => {
    const response = await t.call('GET', '/api/health');
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
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

  it('serves the API documentation page and the script and style it loads', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const assets = [...page.body.matchAll(/(?:src|href)="\.\/(static\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets).toEqual(expect.arrayContaining(['static/swagger-ui-bundle.js', 'static/swagger-ui.css']));
    for (const asset of assets) {
      const response = await t.app.inject({ method: 'GET', url: `/api/docs/${asset}` });
      expect(response.statusCode, asset).toBe(200);
      expect(response.body.length, asset).toBeGreaterThan(0);
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

describe('GET /api/admin/readiness', () => {
  it('is refused to guests (401) and members (403)', async () => {
    expect((await t.call('GET', '/api/admin/readiness')).statusCode).toBe(401);
    const member = await createMember(t, { verified: true });
    const refused = await t.call('GET', '/api/admin/readiness', { token: member.accessToken });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual(messages.OperatorOnly);
  });

  it('tells an operator the database kind and that every migration is applied', async () => {
    const operator = await createOperator(t);
    const response = await t.call('GET', '/api/admin/readiness', { token: operator.accessToken });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ ready: true, database: { kind: databaseKind, answers: true } });
    expect(data.migrations.applied).toBe(data.migrations.available);
    expect(data.migrations.applied).toBeGreaterThan(0);
  });

  it('answers 503 while a committed migration is not applied', async () => {
    const operator = await createOperator(t);
    // Forget the newest migration, as a database restored from an older backup would.
    await t.ctx.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    const response = await t.call('GET', '/api/admin/readiness', { token: operator.accessToken });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toEqual(messages.NotReady);
    expect(response.json().data.ready).toBe(false);
    expect(response.json().data.migrations.applied).toBe(response.json().data.migrations.available - 1);
  });
});

describe('production mode', () => {
  let prod: TestApp;
  beforeAll(async () => {
    // With the sandbox allowed, so that its route exists and the document must still leave it out.
    prod = await createProductionTestApp({
      PAYMENTS_SANDBOX: 'true',
      STRIPE_SECRET_KEY: undefined,
      STRIPE_PUBLISHABLE_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
    });
  });
  afterAll(() => prod.close());

  it('does not expose the outbox', async () => {
    expect((await prod.call('GET', '/api/dev/outbox')).statusCode).toBe(404);
    expect((await prod.call('GET', '/dev/outbox')).statusCode).toBe(404);
  });

  it('documents the public contract only: no operator, development or sandbox paths', async () => {
    const response = await prod.call('GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toContain('/api/auth/token');
    expect(paths).toContain('/api/paintings/purchase');
    expect(paths).toContain('/api/health');
    expect(paths.filter((path) => /^\/api\/(admin|dev|payments\/sandbox)(\/|$)/.test(path))).toEqual([]);
    // The routes themselves still answer (the operator's guard, the sandbox's member guard).
    expect((await prod.call('GET', '/api/admin/readiness')).statusCode).toBe(401);
    expect((await prod.call('POST', '/api/payments/sandbox/card/confirm', { body: {} })).statusCode).not.toBe(404);
  });

  it('outside production the document still lists the operator endpoints', async () => {
    const paths = Object.keys((await t.call('GET', '/api/docs/json')).json().paths);
    expect(paths).toContain('/api/admin/readiness');
    expect(paths).toContain('/api/dev/outbox');
  });

  it('answers liveness alike', async () => {
    expect((await prod.call('GET', '/api/health')).json().data).toEqual({ status: 'ok' });
  });
});
