import { CURRENCIES, LANGUAGES } from '@parcelle/shared/constants';
import { CURRENCY_COOKIE, LANGUAGE_COOKIE, PREFERENCE_COOKIE_MAX_AGE, returnPath } from '@parcelle/shared/preferences';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { failureBody } from './errors';

/** The chooser's form: one choice per submission (each option is its own submit button), and the page to go back to. */
const preferencesForm = z
  .object({
    language: z.enum(LANGUAGES).optional(),
    currency: z.enum(CURRENCIES).optional(),
    return: z.string().max(2_000).optional(),
  })
  .refine((form) => form.language !== undefined || form.currency !== undefined, { message: 'no choice' });

/** Two choices and a path fit in far less; anything larger is not the chooser's form. */
const FORM_LIMIT_BYTES = 2_048;

function cookie(name: string, value: string, secure: boolean): string {
  // Read by the browser's scripts too (the app keeps them in step with localStorage): not HttpOnly.
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${PREFERENCE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * `POST /preferences`: the header's language and currency chooser sent as a plain form, on a page read without
 * JavaScript (issue 33). Sets the chosen preference's cookie and sends the visitor back to the page they were on
 * (303), which the server then renders in it. Nothing else is accepted as a form anywhere: the parser for
 * `application/x-www-form-urlencoded` lives in this route's own scope, so no API route can be reached by a
 * cross-site form.
 */
export async function registerPreferencesForm(app: FastifyInstance, options: { secureCookies: boolean }) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    // A page's form, not an API call: out of the OpenAPI document, as the pages are.
    scope.post('/preferences', { schema: { hide: true } }, async (request, reply) => {
      const parsed = preferencesForm.safeParse(request.body ?? {});
      if (!parsed.success) return reply.status(400).send(failureBody(400, 'InvalidRequest'));
      const { language, currency } = parsed.data;
      const cookies = [
        ...(language ? [cookie(LANGUAGE_COOKIE, language, options.secureCookies)] : []),
        ...(currency ? [cookie(CURRENCY_COOKIE, currency, options.secureCookies)] : []),
      ];
      return reply
        .header('set-cookie', cookies)
        .header('cache-control', 'no-store')
        .redirect(returnPath(parsed.data.return), 303);
    });
  });
}
