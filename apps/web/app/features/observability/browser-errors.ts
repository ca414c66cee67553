import {
  maskDeep,
  SENTRY_ERROR_SAMPLE_RATE,
  SENTRY_REPLAYS_SAMPLE_RATE,
  SENTRY_TRACES_SAMPLE_RATE,
} from '@parcelle/shared/error-reports';
import type { BrowserOptions } from '@sentry/react';

/**
 * The browser's error reports (issue 13 §4, spec §7 "an error-reporting service (sample rate 0.2, replays 0.1)"):
 * only when the server names a browser DSN (SENTRY_BROWSER_DSN, handed over by the root loader). Without one the
 * Sentry SDK is never downloaded; with one it is fetched after the page is interactive, in a chunk of its own, so
 * the first load stays inside its budget.
 */
export type BrowserErrorsConfig = { dsn: string; environment: string };

type SentryModule = typeof import('@sentry/react');

/**
 * What leaves the browser: every string of an event, a transaction or a breadcrumb masked as the API masks its own
 * reports (emails, phones, IBANs, query secrets, one-time links), no user beyond an id, no cookies, no request body.
 */
export function scrubBrowserEvent<T>(event: T): T {
  const copy = maskDeep(event) as T & {
    user?: { id?: string | number };
    request?: { cookies?: unknown; data?: unknown; headers?: Record<string, string> };
  };
  if (copy.user) copy.user = copy.user.id === undefined ? {} : { id: copy.user.id };
  if (copy.request) {
    const { cookies: _cookies, data: _data, ...request } = copy.request;
    copy.request = request;
  }
  return copy;
}

/**
 * Sentry.init's options: every error (decision 129: 0.2 is the traces rate), a fifth of the page loads and
 * navigations traced, a tenth of the visits replayed and every visit that meets an error; replays show no text, no
 * typed value and no image (the masked wireframe of the page), and traces propagate to this site's API only.
 */
export function browserSentryOptions(config: BrowserErrorsConfig, Sentry: SentryModule): BrowserOptions {
  return {
    dsn: config.dsn,
    environment: config.environment,
    sampleRate: SENTRY_ERROR_SAMPLE_RATE,
    tracesSampleRate: SENTRY_TRACES_SAMPLE_RATE,
    replaysSessionSampleRate: SENTRY_REPLAYS_SAMPLE_RATE,
    replaysOnErrorSampleRate: 1,
    // Nothing personal collected in the first place; the scrubbing removes what could still slip through.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    tracePropagationTargets: [/^\/api\//],
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
    // Whole transactions, so that beforeSendTransaction (the scrubbing) sees every one of them.
    traceLifecycle: 'static',
    beforeSend: (event) => scrubBrowserEvent(event),
    beforeSendTransaction: (event) => scrubBrowserEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBrowserEvent(breadcrumb),
  };
}

let started: Promise<SentryModule> | undefined;

/** Loads and starts the SDK once per visit (later calls share the first); window errors are reported from then on. */
export function startBrowserErrorReports(config: BrowserErrorsConfig): Promise<SentryModule> {
  started ??= import('@sentry/react').then((Sentry) => {
    Sentry.init(browserSentryOptions(config, Sentry));
    return Sentry;
  });
  return started;
}

/**
 * An error React's root error boundary caught (it never reaches window.onerror): reported when a DSN is configured.
 * Pages that do not exist are not errors.
 */
export async function reportCaughtError(config: BrowserErrorsConfig | null | undefined, error: unknown) {
  if (!config) return;
  const Sentry = await startBrowserErrorReports(config);
  Sentry.captureException(error);
}
