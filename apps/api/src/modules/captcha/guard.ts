import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { spendOnce } from '../../adapters/captcha/spent';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { checkFormToken, MAX_AGE_MS, type PlainForm } from './form-token';

/**
 * Verifies the captcha a protected request carries and spends it: a solved ALTCHA challenge or a provider token
 * counts for one request only. 400 'CaptchaRequired' without one, 400 'CaptchaFailed' for a wrong, expired or
 * replayed one (field `captcha`).
 */
export async function requireCaptcha(ctx: AppContext, value: string | undefined, remoteIp?: string): Promise<void> {
  if (!value) throw badRequest('CaptchaRequired', 'captcha');
  if (!(await ctx.captcha.verify(value, remoteIp))) throw badRequest('CaptchaFailed', 'captcha');
}

/**
 * Verifies and spends the signed token of a form sent without JavaScript (form-token.ts, decision 465): 400
 * 'FormTooSoon' when it comes back sooner than a person could have read the page (the token stays good: the same page
 * may be sent again), 'FormExpired' past its age, 'CaptchaFailed' when forged or already used.
 */
export async function requireFormToken(ctx: AppContext, form: PlainForm, token: string): Promise<void> {
  const checked = checkFormToken(ctx.config.serverSecret, token, form);
  if (!checked.ok && checked.reason === 'too-soon') throw badRequest('FormTooSoon', 'form_token');
  if (!checked.ok && checked.reason === 'expired') throw badRequest('FormExpired', 'form_token');
  if (!checked.ok) throw badRequest('CaptchaFailed', 'form_token');
  const spent = createHash('sha256').update(token).digest('base64url');
  if (!(await spendOnce(ctx.database.db, `form:${spent}`, new Date(checked.issuedAt + MAX_AGE_MS)))) {
    throw badRequest('CaptchaFailed', 'form_token');
  }
}

/**
 * A preHandler for the routes whose body carries `captcha` (register, forgot password, contact, newsletter): it runs
 * after the body's validation, so only a well-formed request spends its captcha. A route named with `plainForm`
 * (newsletter, contact) also takes, instead of the captcha, the signed token of its form sent without a script.
 */
export function captchaGuard(ctx: AppContext, options: { plainForm?: PlainForm } = {}) {
  return async (request: FastifyRequest) => {
    const body = request.body as { captcha?: unknown; form_token?: unknown } | undefined;
    const captcha = typeof body?.captcha === 'string' ? body.captcha : undefined;
    if (!captcha && options.plainForm && typeof body?.form_token === 'string') {
      return requireFormToken(ctx, options.plainForm, body.form_token);
    }
    await requireCaptcha(ctx, captcha, request.ip);
  };
}
