import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, crossOriginOpenerPolicy, cspNonceOf } from './csp';
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
  it('gives API data answers the short policy of a data answer, the same on every answer', async () => {
    const app = await appWithHook();
    const first = await app.inject('/api/paintings');
    const second = await app.inject('/api/paintings');
    expect(first.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['x-frame-options']).toBe('DENY');
    expect(first.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(first.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // Headers that steer only a document are not sent with data.
    for (const name of ['referrer-policy', 'cross-origin-opener-policy', 'x-xss-protection', 'x-download-options']) {
      expect(first.headers[name], name).toBeUndefined();
    }
    expect(first.headers['x-powered-by']).toBeUndefined();
    await app.close();
  });

  it('gives media, shown inline in a tab, the site policy', async () => {
    const app = await appWithHook();
    const policy = String((await app.inject('/media/artworks/a.webp')).headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
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

  it("gives pages helmet's very headers, the policy naming the answer's own nonce", async () => {
    const settings = { captcha: { provider: 'altcha' as const } };
    const request = {} as IncomingMessage;
    const expected: Record<string, string> = {};
    const recorder = { setHeader: (name: string, value: string) => (expected[name.toLowerCase()] = String(value)) };
    helmet({
      crossOriginOpenerPolicy: crossOriginOpenerPolicy(settings),
      crossOriginEmbedderPolicy: false,
      contentSecurityPolicy: contentSecurityPolicy(settings),
    })(request, { ...recorder, removeHeader: () => {} } as unknown as ServerResponse, () => {});
    const app = await appWithHook();
    const answer = await app.inject('/');
    const sent = Object.fromEntries(Object.keys(expected).map((name) => [name, answer.headers[name]]));
    const nonce = String(answer.headers['content-security-policy']).match(/'nonce-([^']+)'/)?.[1] ?? '';
    expect(nonce).toHaveLength(24);
    expect({
      ...sent,
      'content-security-policy': String(sent['content-security-policy']).replace(nonce, cspNonceOf(request)),
    }).toEqual(expected);
    expect(answer.headers['x-powered-by']).toBeUndefined();
    await app.close();
  });
});
