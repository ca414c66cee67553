import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeadersHook } from './security-headers';

async function appWithHook() {
  const app = Fastify();
  app.addHook('onRequest', securityHeadersHook({ captcha: { provider: 'altcha' } }));
  app.get('/api/paintings', async () => ({ ok: true }));
  app.get('/api/docs/page', async (_request, reply) => reply.type('text/html').send('<p>docs</p>'));
  app.get('/', async (_request, reply) => reply.type('text/html').send('<p>home</p>'));
  await app.ready();
  return app;
}

describe('security headers', () => {
  it('gives API answers the site policy without a nonce, the same on every answer', async () => {
    const app = await appWithHook();
    const first = await app.inject('/api/paintings');
    const second = await app.inject('/api/paintings');
    const policy = String(first.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('nonce-');
    expect(second.headers['content-security-policy']).toBe(policy);
    for (const name of ['x-content-type-options', 'strict-transport-security', 'x-frame-options', 'referrer-policy']) {
      expect(first.headers[name], name).toBeTruthy();
    }
    expect(first.headers['x-powered-by']).toBeUndefined();
    await app.close();
  });

  it('gives pages and the API documentation a fresh nonce per answer', async () => {
    const app = await appWithHook();
    for (const url of ['/', '/api/docs/page']) {
      const first = String((await app.inject(url)).headers['content-security-policy']);
      const second = String((await app.inject(url)).headers['content-security-policy']);
      expect(first, url).toMatch(/'nonce-[A-Za-z0-9+/]{22}=='/);
      expect(second, url).not.toBe(first);
    }
    await app.close();
  });
});
