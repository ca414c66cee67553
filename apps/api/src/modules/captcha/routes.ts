import { ZCaptchaData, ZCaptchaRequest, ZFailure, ZSuccess } from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';

export function captchaRoutes(app: App, ctx: AppContext) {
  app.get(
    '/captcha/challenge',
    {
      config: perIp(ctx.config.rateLimitAuthPerMinute * 2),
      schema: {
        tags: ['captcha'],
        description:
          'A new ALTCHA challenge (null when reCAPTCHA or Turnstile is configured); `site_key` is the public key of reCAPTCHA or Turnstile (null for ALTCHA).',
        response: {
          200: ZSuccess(z.object({ provider: z.string(), challenge: z.unknown(), site_key: z.string().nullable() })),
          429: ZFailure,
        },
      },
    },
    async () =>
      ok({
        provider: ctx.captcha.provider,
        challenge: await ctx.captcha.createChallenge(),
        site_key: ctx.config.captchaSiteKey,
      }),
  );

  app.post(
    '/verify/captcha',
    {
      config: perIp(ctx.config.rateLimitAuthPerMinute * 2),
      schema: {
        tags: ['captcha'],
        description:
          'Spec §7: answers whether a captcha value is valid, and spends it. It grants nothing: the protected requests ' +
          '(register, sign-in after failures, forgot password, contact, newsletter) carry their own `captcha`.',
        body: ZCaptchaRequest,
        response: { 200: ZSuccess(ZCaptchaData), 400: ZFailure, 429: ZFailure },
      },
    },
    async (request) => {
      const verified = await ctx.captcha.verify(request.body.captchaValue, request.ip);
      return ok({ success: verified, verified }, verified ? 'CaptchaVerified' : 'CaptchaFailed');
    },
  );
}
