import { describe, expect, it } from 'vitest';
import { maskDeep, maskText } from './error-reports';

/** The masking both error reporters use (the API's Sentry and the browser's). */
describe('maskText', () => {
  it("hides the secret of a one-time link's path, wherever the link appears", () => {
    expect(maskText('GET /reset-password/9f8e7d6c5b4a?lng=fr')).toBe('GET /reset-password/[redacted]?lng=fr');
    expect(maskText('https://parcelle.art/set-password/abc.DEF-123#top')).toBe(
      'https://parcelle.art/set-password/[redacted]#top',
    );
    expect(maskText('/reset-password/')).toBe('/reset-password/');
  });

  it('masks emails, phones and IBANs typed into a page', () => {
    expect(maskText('Invalid email marie.curie@example.fr')).toBe('Invalid email m***@example.fr');
    expect(maskText('call +33 6 12 34 56 78')).toBe('call [phone]');
    expect(maskText('IBAN FR76 3000 6000 0112 3456 7890 189 refused')).toBe('IBAN [iban] refused');
  });
});

describe('maskDeep', () => {
  it('masks every string of a nested value and keeps the rest, cycles included', () => {
    const event: Record<string, unknown> = {
      message: 'no member jean@example.com',
      extra: { tries: 3, urls: ['/reset-password/secret-token'] },
    };
    event.self = event;
    const masked = maskDeep(event) as Record<string, unknown>;
    expect(masked.message).toBe('no member j***@example.com');
    expect(masked.extra).toEqual({ tries: 3, urls: ['/reset-password/[redacted]'] });
    expect(event.message).toBe('no member jean@example.com');
  });
});
