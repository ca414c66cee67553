import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppOn, openTestDatabase } from '../../test/test-app';

/**
 * With SENTRY_DSN, an unexpected error (a 500) reaches Sentry, scrubbed; refusals (4xx) never do. A loopback stub
 * plays Sentry's ingest endpoint and keeps the envelopes it receives.
 */
let ingest: Server;
let port = 0;
const envelopes: string[] = [];

beforeAll(async () => {
  ingest = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url?.includes('/envelope/')) envelopes.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  port = (ingest.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => ingest.close(() => resolve())));

describe('error reports (SENTRY_DSN)', () => {
  it('reports a 500 with its route pattern and request id, without personal data; a 4xx is not reported', async () => {
    const database = await openTestDatabase();
    await database.migrate();
    const t = await createTestAppOn(database, {
      observability: {
        metricsToken: null,
        browserSentry: null,
        sentry: { dsn: `http://publickey@127.0.0.1:${port}/1`, environment: 'test' },
        otlpEndpoint: null,
      },
    });
    try {
      const refused = await t.call('POST', '/api/auth/token', { body: { email: 'nobody', password: 'x' } });
      expect(refused.statusCode).toBe(400);
      // The database goes away under the app: the next query fails, an error nobody planned for.
      await database.close();
      const failed = await t.call('GET', '/api/paintings/', {
        headers: {
          cookie: 'session=abc',
          'x-forwarded-for': '203.0.113.9',
          'x-reset': 'secret-reset-token',
          'user-agent': 'TestAgent/1.0 (contact jeanne.dupont@example.com)',
        },
      });
      expect(failed.statusCode).toBe(500);
      const requestId = failed.headers['x-request-id'];
      await t.app.close(); // flushes the queued events
      const events = envelopes.filter((envelope) => envelope.includes('"exception"'));
      expect(events).toHaveLength(1);
      const sent = events[0] ?? '';
      expect(sent).toContain('"route":"/api/paintings/"');
      expect(sent).toContain(`"request_id":"${requestId}"`);
      // The failed query is named, its bound values are not.
      expect(sent).toContain('Failed query: select');
      expect(sent).toContain('params: [redacted]');
      for (const secret of ['jeanne.dupont@', 'secret-reset-token', 'session=abc', '203.0.113.9', 'params: 1,2,6']) {
        expect(sent).not.toContain(secret);
      }
    } finally {
      await t.app.close();
    }
  }, 120_000);
});
