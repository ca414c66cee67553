import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import helmet from 'helmet';
import { type CspSettings, contentSecurityPolicy, crossOriginOpenerPolicy, cspNonceOf } from './csp';

/**
 * The API's data answers (JSON, CSV, PDF downloads). Its documentation pages are HTML that runs scripts and keep the
 * per-answer policy; media (`/media/*`, images and documents shown inline in a tab) are outside `/api/` and keep the
 * site's headers too.
 */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * What a data answer needs (OWASP REST Security Cheat Sheet, "Security headers"): nothing may load from it or frame
 * it (`default-src 'none'; frame-ancestors 'none'`, X-Frame-Options DENY), no sniffing, HSTS, and not readable by
 * other origins (CORP). The headers that only steer a document (referrer, opener, DNS prefetch, origin cluster,
 * legacy IE and Flash switches) are left out: a data answer is never a document, and every byte of headers is paid
 * on each of the hot public reads (issue 16, decision 211).
 */
const API_HELMET: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** The headers a helmet middleware sets for `request` (read once, at start-up). */
function headersOf(middleware: ReturnType<typeof helmet>, request = {} as IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware(request, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * A page's headers as helmet sets them, read once: all of them the same on every answer but the policy, which names
 * the answer's nonce, kept as the text before and after it. Helmet built that policy from its directives on every
 * request, a sixth of what a kept page cost the server (decision 474); undefined if the nonce is not found once.
 */
function pageHeadersOf(middleware: ReturnType<typeof helmet>) {
  const probe = {} as IncomingMessage;
  const { 'content-security-policy': policy = '', ...fixed } = headersOf(middleware, probe);
  const parts = policy.split(cspNonceOf(probe));
  if (parts.length !== 2) return undefined;
  const [before = '', after = ''] = parts;
  return { fixed: Object.entries(fixed), policy: (request: IncomingMessage) => before + cspNonceOf(request) + after };
}

/**
 * The security headers of every answer (helmet), as an `onRequest` hook. Pages get a fresh CSP nonce for their
 * inline hydration data (csp.ts). The API's data answers run no script and are no document: they carry the short
 * policy above, computed once at start-up and copied onto each answer, which spares the hot public reads a random
 * nonce, helmet's per-request work and half a kilobyte of headers (issue 16).
 */
export function securityHeadersHook(settings: CspSettings) {
  const common = { crossOriginOpenerPolicy: crossOriginOpenerPolicy(settings), crossOriginEmbedderPolicy: false };
  const perAnswer = helmet({ ...common, contentSecurityPolicy: contentSecurityPolicy(settings) });
  // Every API answer is `no-store` unless its route says otherwise (the public catalogue reads, media): personal
  // answers (profile, portfolio, history, bank...) never stay in a browser's or a proxy's cache (issue 26).
  const apiHeaders = { ...headersOf(helmet(API_HELMET)), 'cache-control': 'no-store' };
  const pageHeaders = pageHeadersOf(perAnswer);
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (isApiAnswer(request.url)) {
      reply.raw.removeHeader('x-powered-by');
      reply.headers(apiHeaders);
      done();
      return;
    }
    if (!pageHeaders) {
      perAnswer(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
      return;
    }
    // As helmet sets them (on the raw answer, which every way of answering sends), its policy's text made once.
    const raw = reply.raw;
    raw.removeHeader('x-powered-by');
    for (const [name, value] of pageHeaders.fixed) raw.setHeader(name, value);
    raw.setHeader('content-security-policy', pageHeaders.policy(request.raw));
    done();
  };
}
