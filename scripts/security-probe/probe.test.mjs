import { describe, expect, it } from 'vitest';
import { BudgetExhausted, RequestBudget } from './budget.mjs';
import { isLoopbackHost, parseBaseUrl } from './guard.mjs';
import { asksForCaptcha, describe as describeAnswer } from './http.mjs';
import { collectRoutes, fillPath, findCaptchaField, isMemberPath, sampleOf } from './openapi.mjs';
import { formatLine, Report } from './report.mjs';

describe('loopback guard', () => {
  it.each([
    'http://127.0.0.1:3000',
    'http://127.1.2.3',
    'https://localhost:8443/',
    'http://LOCALHOST:3000',
    'http://[::1]:3000',
    'http://2130706433:3000', // 127.0.0.1 written as one number
  ])('accepts %s', (url) => {
    expect(() => parseBaseUrl(url)).not.toThrow();
  });

  it.each([
    'http://10.0.0.1:3000',
    'http://128.0.0.1',
    'http://0.0.0.0:3000',
    'http://example.com',
    'http://localhost.example.com',
    'http://127.0.0.1.nip.io',
    'http://[::ffff:7f00:1]:3000',
    'http://[::2]',
    'http://user:pass@127.0.0.1',
    'ftp://127.0.0.1',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(() => parseBaseUrl(url)).toThrow();
  });

  it('connects to localhost as 127.0.0.1 and keeps the port', () => {
    expect(parseBaseUrl('http://localhost:3107')).toMatchObject({ connectHost: '127.0.0.1', port: 3107 });
    expect(parseBaseUrl('http://[::1]')).toMatchObject({ connectHost: '::1', port: 80 });
  });

  it('knows loopback hosts', () => {
    expect(isLoopbackHost('127.255.255.254')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('192.168.1.1')).toBe(false);
  });
});

describe('request budget', () => {
  it('stops after its requests', () => {
    const budget = new RequestBudget({ maxRequests: 3, timeLimitMs: 1000, now: () => 0 });
    budget.take();
    budget.take();
    budget.take();
    expect(() => budget.take()).toThrow(BudgetExhausted);
    expect(budget.used).toBe(3);
  });

  it('stops after its time', () => {
    let clock = 0;
    const budget = new RequestBudget({ maxRequests: 100, timeLimitMs: 1000, now: () => clock });
    budget.take();
    clock = 999;
    expect(budget.remainingMs()).toBe(1);
    budget.take();
    clock = 1000;
    expect(() => budget.take()).toThrow(/time limit/);
  });

  it('refuses a budget that would not bound anything', () => {
    expect(() => new RequestBudget({ maxRequests: 0 })).toThrow();
    expect(() => new RequestBudget({ maxRequests: Number.POSITIVE_INFINITY })).toThrow();
    expect(() => new RequestBudget({ timeLimitMs: 0 })).toThrow();
  });
});

describe('result table', () => {
  it('prints one line per check and fails on any FAIL', () => {
    const lines = [];
    const report = new Report((line) => lines.push(line));
    report.pass('jwt.alg-none', '401');
    report.skip('jwt.expired', 'needs the secret');
    expect(report.exitCode()).toBe(0);
    report.fail('idor.purchase', 'B read\nA’s purchase');
    expect(lines).toEqual([
      'PASS  jwt.alg-none — 401',
      'SKIP  jwt.expired — needs the secret',
      'FAIL  idor.purchase — B read A’s purchase',
    ]);
    expect(report.exitCode()).toBe(1);
    expect(report.summary()).toBe('1 passed, 1 failed, 1 skipped (3 checks)');
  });

  it('is non-zero when the run stopped early, and refuses unknown statuses', () => {
    const report = new Report(() => {});
    report.pass('a');
    expect(report.exitCode(true)).toBe(1);
    expect(() => report.add('b', 'WARN')).toThrow();
    expect(formatLine({ name: 'x', status: 'PASS', reason: '' })).toBe('PASS  x');
  });
});

describe('OpenAPI reading', () => {
  const doc = {
    paths: {
      '/api/member/certificates/{number}/pdf': {
        get: { parameters: [{ in: 'path', name: 'number', required: true }], security: [{ bearer: [] }] },
      },
      '/api/user/register': {
        post: {
          requestBody: {
            content: {
              'application/json': {
                schema: { anyOf: [{ type: 'object', properties: { email: {}, captchaValue: {} } }] },
              },
            },
          },
        },
      },
      '/api/paintings/': { get: { parameters: [{ in: 'query', name: 'limit', schema: { type: 'integer' } }] } },
    },
  };

  it('lists every operation with its parameters', () => {
    const routes = collectRoutes(doc);
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual([
      'GET /api/member/certificates/{number}/pdf',
      'POST /api/user/register',
      'GET /api/paintings/',
    ]);
    expect(routes[0]).toMatchObject({ params: ['number'], secured: true });
    expect(routes[2].query).toEqual([{ name: 'limit', required: false, schema: { type: 'integer' } }]);
  });

  it('tells member routes, including ones added later, from public ones', () => {
    expect(isMemberPath('/api/member/some-new-report')).toBe(true);
    expect(isMemberPath('/api/admin/anything/{id}')).toBe(true);
    expect(isMemberPath('/api/paintings/purchase/{reference}')).toBe(true);
    expect(isMemberPath('/api/member/statements/{file}')).toBe(false);
    expect(isMemberPath('/api/user/register')).toBe(false);
    expect(isMemberPath('/api/paintings/')).toBe(false);
    expect(isMemberPath('/api/something', true)).toBe(true);
  });

  it('finds the captcha field of a body and fills paths', () => {
    expect(findCaptchaField(collectRoutes(doc)[1].body)).toBe('captchaValue');
    expect(findCaptchaField({ type: 'object', properties: { email: {} } })).toBeNull();
    expect(fillPath('/api/paintings/sale/{reference}/withdraw', { reference: 'L/1' })).toBe(
      '/api/paintings/sale/L%2F1/withdraw',
    );
  });

  it('samples bodies that pass simple schemas', () => {
    const sample = sampleOf({
      type: 'object',
      required: ['id', 'year', 'currency', 'reason'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        year: { type: 'integer', minimum: 2000 },
        currency: { type: 'string', enum: ['USD', 'EURO'] },
        reason: { type: 'string', minLength: 1, maxLength: 3 },
        optional: { type: 'string' },
      },
    });
    expect(sample).toMatchObject({ year: 2000, currency: 'USD', reason: 'ppp' });
    expect(sample.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sample).not.toHaveProperty('optional');
  });
});

describe('answers in reasons', () => {
  const answer = (status, json, text = '', type = 'application/json') => ({
    status,
    json,
    text: text || (json ? JSON.stringify(json) : ''),
    headers: { 'content-type': type },
  });

  it('names the status and the English message, never dumps a binary body', () => {
    expect(describeAnswer(answer(401, { status: 401, error: { en: 'Invalid Token', fr: 'Jeton invalide' } }))).toBe(
      '401 Invalid Token',
    );
    expect(describeAnswer(answer(200, null, '%PDF-1.7 \u0000\u0001', 'application/pdf'))).toBe('200 [application/pdf]');
    expect(describeAnswer(answer(200, { data: {} }))).toBe('200');
  });

  it('tells a captcha demand by its field or its message', () => {
    expect(asksForCaptcha(answer(400, { error: { en: 'x' }, field: 'captcha' }))).toBe(true);
    expect(asksForCaptcha(answer(400, { error: { en: 'Please complete the security check (captcha)' } }))).toBe(true);
    expect(asksForCaptcha(answer(400, { error: { en: 'Invalid email' }, field: 'email' }))).toBe(false);
    expect(asksForCaptcha(answer(200, { data: { captcha: true } }))).toBe(false);
  });
});

describe('issue 26 checks', () => {
  it('finds an address with credentials in served text, and nothing else', async () => {
    const { CREDENTIALED_URL } = await import('./checks/step-up.mjs');
    expect(CREDENTIALED_URL.test('{"href":"https://user:pw@example.org/x"}')).toBe(true);
    expect(CREDENTIALED_URL.test('see http://admin@10.0.0.1/ now')).toBe(true);
    expect(CREDENTIALED_URL.test('{"href":"https://example.org/a@b"}')).toBe(false);
    expect(CREDENTIALED_URL.test('mailto:hello@example.org')).toBe(false);
  });
});
