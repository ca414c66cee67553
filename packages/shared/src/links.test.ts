import { describe, expect, it } from 'vitest';
import { isContentHref, isHttpsUrl } from './contracts/content-admin';
import { isPublicHttpsLink } from './links';

describe('the rule of operators’ links (issue 26)', () => {
  it.each([
    'https://user:pw@example.org/x',
    'https://user@example.org',
    'https://:pw@example.org',
    'http://example.org',
    'https://localhost',
    'javascript:alert(1)',
  ])('refuses %s in social links and link blocks alike', (link) => {
    expect(isPublicHttpsLink(link)).toBe(false);
    expect(isHttpsUrl(link)).toBe(false);
    expect(isContentHref(link)).toBe(false);
  });

  it('accepts https addresses, site paths and mailto: in link blocks', () => {
    expect(isHttpsUrl('https://www.example.org/a?b=c')).toBe(true);
    expect(isContentHref('https://www.example.org/a?b=c')).toBe(true);
    expect(isContentHref('/about')).toBe(true);
    expect(isContentHref('mailto:hello@example.org')).toBe(true);
  });
});
