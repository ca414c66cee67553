import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';

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
 * A preHandler for the routes whose body carries `captcha` (register, forgot password, contact, newsletter): it runs
 * after the body's validation, so only a well-formed request spends its captcha.
 */
export function captchaGuard(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const body = request.body as { captcha?: unknown } | undefined;
    await requireCaptcha(ctx, typeof body?.captcha === 'string' ? body.captcha : undefined, request.ip);
  };
}
