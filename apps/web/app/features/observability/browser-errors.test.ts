import * as Sentry from '@sentry/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { browserSentryOptions, scrubBrowserEvent } from './browser-errors';

const config = { dsn: 'https://publickey@o1.ingest.sentry.io/7', environment: 'production' };

describe('browser error reports: what is sent', () => {
  it('keeps the spec §7 rates (every error, 0.2 traced, 0.1 replayed) and traces to this API only', () => {
    const options = browserSentryOptions(config, Sentry);
    expect(options).toMatchObject({
      dsn: config.dsn,
      environment: 'production',
      sampleRate: 1,
      tracesSampleRate: 0.2,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      tracePropagationTargets: [/^\/api\//],
      dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    });
    expect(options.integrations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'BrowserTracing' }),
        expect.objectContaining({ name: 'Replay' }),
      ]),
    );
  });

  it('masks personal data everywhere in an event and keeps only the user id, no cookies or body', () => {
    const event = {
      message: 'Invalid IBAN FR76 3000 6000 0112 3456 7890 189 for jean.dupont@example.com',
      user: { id: 'u-7', email: 'jean.dupont@example.com', ip_address: '203.0.113.9' },
      request: {
        url: 'https://parcelle.art/reset-password/abcdef123456',
        cookies: { session: 'x' },
        data: '{"password":"hunter2"}',
      },
      breadcrumbs: [{ category: 'ui.input', message: 'typed +33 6 12 34 56 78' }],
    };
    expect(scrubBrowserEvent(event)).toEqual({
      message: 'Invalid IBAN [iban] for j***@example.com',
      user: { id: 'u-7' },
      request: { url: 'https://parcelle.art/reset-password/[redacted]' },
      breadcrumbs: [{ category: 'ui.input', message: 'typed [phone]' }],
    });
  });
});

describe('browser error reports: through the SDK', () => {
  afterAll(() => vi.unstubAllGlobals());

  it('an exception reaches the ingest endpoint masked', async () => {
    const bodies: string[] = [];
    const fetchStub = vi.fn(async (_url: unknown, init?: RequestInit) => {
      bodies.push(typeof init?.body === 'string' ? init.body : new TextDecoder().decode(init?.body as Uint8Array));
      return new Response('{}', { status: 200 });
    });
    vi.stubGlobal('fetch', fetchStub);
    const { integrations: _withoutReplayInJsdom, ...options } = browserSentryOptions(config, Sentry);
    Sentry.init({ ...options, integrations: [], transport: Sentry.makeFetchTransport });
    Sentry.captureException(new Error('no wallet for marie@example.com'));
    await Sentry.flush(2000);
    const sent = bodies.join('\n');
    expect(String(fetchStub.mock.calls[0]?.[0])).toContain('o1.ingest.sentry.io/api/7/envelope/');
    expect(sent).toContain('no wallet for m***@example.com');
    expect(sent).not.toContain('marie@example.com');
    await Sentry.close();
  });
});
