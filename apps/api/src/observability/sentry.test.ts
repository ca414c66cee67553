import type { ErrorEvent } from '@sentry/node';
import { describe, expect, it } from 'vitest';
import {
  maskText,
  SENTRY_ERROR_SAMPLE_RATE,
  SENTRY_TRACES_SAMPLE_RATE,
  scrubBreadcrumb,
  scrubEvent,
  sentryOptions,
} from './sentry';

/** Error reports leave without personal data (issue 13 §4; docs/security.md). */
describe('maskText', () => {
  it('keeps the first letter and the domain of an email', () => {
    expect(maskText('no wallet for jeanne.dupont+art@example.co.uk')).toBe('no wallet for j***@example.co.uk');
  });

  it('replaces phone numbers, IBANs and query secrets', () => {
    expect(maskText('SMS to +33 6 12 34 56 78 failed')).toBe('SMS to [phone] failed');
    expect(maskText('payout to FR76 3000 6000 0112 3456 7890 189')).toBe('payout to [iban]');
    expect(maskText('payout to FR7630006000011234567890189')).toBe('payout to [iban]');
    expect(maskText('/reset?forgot_pwd_token=abc123&lang=fr')).toBe('/reset?forgot_pwd_token=[redacted]&lang=fr');
    expect(maskText('/x?code=123456')).toBe('/x?code=[redacted]');
    expect(maskText('Failed query: select 1 from users where email = $1\nparams: marie@example.com,42')).toBe(
      'Failed query: select 1 from users where email = $1\nparams: [redacted]',
    );
  });

  it('leaves ordinary text, amounts and identifiers alone', () => {
    const text = 'purchase 3f2c1a9e-0b1d-4a57-9f3e-2d8b7c6a5e41 of 27.00 EUR failed (PCL-2026-ABCDEFGHJK)';
    expect(maskText(text)).toBe(text);
  });
});

describe('scrubEvent', () => {
  const event: ErrorEvent = {
    type: undefined,
    message: 'sign-in failed for marie@example.com',
    user: { id: 'u-1', email: 'marie@example.com', ip_address: '203.0.113.9', username: 'marie' },
    request: {
      url: 'https://parcelle.example/api/user/password/reset?forgot_pwd_token=tok-123',
      method: 'POST',
      data: { email: 'marie@example.com', password: 'hunter2hunter2' },
      cookies: { session: 'abc' },
      query_string: 'forgot_pwd_token=tok-123',
      headers: {
        authorization: 'Bearer eyJhbGciOi',
        cookie: 'session=abc',
        'x-forwarded-for': '203.0.113.9',
        'user-agent': 'Mozilla/5.0',
        'content-type': 'application/json',
      },
    },
    exception: { values: [{ type: 'Error', value: 'duplicate key: (email)=(marie@example.com)' }] },
    breadcrumbs: [{ message: 'mail sent to paul@example.org', data: { to: '+33612345678' } }],
    extra: { nested: { iban: 'DE89370400440532013000' } },
  };

  it('drops the body, cookies, identifying headers and every user field but the id', () => {
    const scrubbed = scrubEvent(event);
    expect(scrubbed.request?.data).toBeUndefined();
    expect(scrubbed.request?.cookies).toBeUndefined();
    expect(scrubbed.request?.headers).toEqual({ 'user-agent': 'Mozilla/5.0', 'content-type': 'application/json' });
    expect(scrubbed.user).toEqual({ id: 'u-1' });
  });

  it('masks emails, phones, IBANs and tokens wherever they are', () => {
    const text = JSON.stringify(scrubEvent(event));
    for (const secret of [
      'marie@',
      'paul@',
      '+33612345678',
      'DE89370400440532013000',
      'tok-123',
      'hunter2',
      'eyJhbG',
    ]) {
      expect(text).not.toContain(secret);
    }
    const scrubbed = scrubEvent(event);
    expect(scrubbed.message).toBe('sign-in failed for m***@example.com');
    expect(scrubbed.exception?.values?.[0]?.value).toBe('duplicate key: (email)=(m***@example.com)');
    expect(scrubbed.request?.query_string).toBe('forgot_pwd_token=[redacted]');
  });

  it('does not change the event it was given', () => {
    const before = JSON.stringify(event);
    scrubEvent(event);
    expect(JSON.stringify(event)).toBe(before);
  });

  it('masks breadcrumbs', () => {
    expect(scrubBreadcrumb({ message: 'to a@b.fr', data: { phone: '+33612345678' } })).toEqual({
      message: 'to a***@b.fr',
      data: { phone: '[phone]' },
    });
  });
});

describe('sentryOptions', () => {
  it('samples traces at 0.2 (spec §7) unless OpenTelemetry exports them, reports every error, collects nothing personal', () => {
    const options = sentryOptions({
      dsn: 'https://key@o1.ingest.sentry.io/1',
      environment: 'production',
      tracing: true,
    });
    expect(SENTRY_TRACES_SAMPLE_RATE).toBe(0.2);
    expect(options.tracesSampleRate).toBe(0.2);
    expect(options.sampleRate).toBe(SENTRY_ERROR_SAMPLE_RATE);
    expect(options.dataCollection).toMatchObject({ userInfo: false, cookies: false, httpBodies: [] });
    const withOtel = sentryOptions({ dsn: 'https://key@o1.ingest.sentry.io/1', environment: 'x', tracing: false });
    expect(withOtel.tracesSampleRate).toBeUndefined();
    const integrations = withOtel.integrations as (defaults: { name: string }[]) => { name: string }[];
    expect(integrations([{ name: 'Http' }, { name: 'Fastify' }]).map(({ name }) => name)).toEqual(['Http']);
    expect(options.beforeSend?.(event0(), {})).toMatchObject({ user: { id: 'u' } });
  });
});

function event0(): ErrorEvent {
  return { type: undefined, user: { id: 'u', email: 'x@y.fr' } };
}
