import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import helmet from 'helmet';
import { type CspSettings, contentSecurityPolicy, crossOriginOpenerPolicy, cspDirectives } from './csp';

/** The API's answers (JSON, CSV, PDF); its documentation pages are HTML that runs scripts and keep the per-answer policy. */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/** The headers a helmet middleware sets when it needs nothing from the request: read once, at start-up. */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The security headers of every answer (helmet), as an `onRequest` hook. Pages get a fresh CSP nonce for their
 * inline hydration data (csp.ts). The API's answers carry the same policy without a nonce, since a JSON, CSV or PDF
 * answer runs no script: those headers are computed once at start-up and copied onto each answer, which spares the
 * hot public reads a random nonce and helmet's per-request work (issue 16).
 */
export function securityHeadersHook(settings: CspSettings) {
  const common = { crossOriginOpenerPolicy: crossOriginOpenerPolicy(settings), crossOriginEmbedderPolicy: false };
  const perAnswer = helmet({ ...common, contentSecurityPolicy: contentSecurityPolicy(settings) });
  const apiHeaders = headersOf(helmet({ ...common, contentSecurityPolicy: { directives: cspDirectives(settings) } }));
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (isApiAnswer(request.url)) {
      reply.raw.removeHeader('x-powered-by');
      reply.headers(apiHeaders);
      done();
      return;
    }
    perAnswer(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  };
}
