import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './support/browser';

/**
 * Issue 13 §4: with SENTRY_BROWSER_DSN set (the e2e server points it at a local stand-in of Sentry's ingest,
 * support/error-ingest.ts), an error in a page reaches the error-reporting service through the page's own
 * Content-Security-Policy, with the personal data in it masked as the API masks its own reports.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function received(): Promise<string[]> {
  return (await fetch(`${inject('errorIngestUrl')}/received`)).json();
}

async function envelopeWith(marker: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const found = (await received()).find((envelope) => envelope.includes(marker));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no envelope carried ${marker}`);
}

describe('browser error reports', () => {
  it('allows the ingest origin in connect-src', async () => {
    const response = await fetch(`${baseUrl()}/`);
    expect(response.headers.get('content-security-policy')).toContain(
      `connect-src 'self' ${new URL(inject('errorIngestUrl')).origin}`,
    );
  });

  // A document (the home, issue 33: its runtime starts the reporter) and a page of the application (/login).
  for (const [kind, path] of [
    ['a document', '/'],
    ['an application page', '/login'],
  ] as const) {
    it(`reports an uncaught error of ${kind}, masked`, async () => {
      const { context, page } = await newPage(browser, { locale: 'en' });
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text()))
          violations.push(message.text());
      });
      try {
        await page.goto(`${baseUrl()}${path}`);
        // The SDK arrives after the page (a chunk of its own); errors from then on are reported.
        await page.waitForFunction(() => Boolean((window as { __SENTRY__?: unknown }).__SENTRY__), null, {
          timeout: 30_000,
        });
        const marker = `e2e-${kind.length}-${Date.now()}`;
        await page.evaluate((text) => {
          setTimeout(() => {
            throw new Error(`${text} for marie.curie@example.fr after /reset-password/s3cr3t-t0ken`);
          });
        }, marker);
        const envelope = await envelopeWith(marker);
        expect(envelope).toContain('m***@example.fr');
        expect(envelope).toContain('/reset-password/[redacted]');
        expect(envelope).not.toContain('marie.curie@example.fr');
        expect(envelope).not.toContain('s3cr3t-t0ken');
        expect(envelope).toContain('"environment":"development"');
        expect(violations).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
