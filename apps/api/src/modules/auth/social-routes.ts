import { ZFailure, ZSessionData, ZSocialLoginRequest, ZSocialProvidersData, ZSuccess } from '@parcelle/shared';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import { socialLogin, socialProviders } from './social';

const errors = { 400: ZFailure, 401: ZFailure, 409: ZFailure, 429: ZFailure };

export function socialRoutes(app: App, ctx: AppContext) {
  app.post(
    '/auth/token/social',
    {
      config: perIp(ctx.config.rateLimitAuthPerMinute),
      schema: {
        tags: ['auth'],
        description: 'Sign-in with a Google or Microsoft OpenID Connect ID token; creates the member on first use.',
        body: ZSocialLoginRequest,
        response: { 200: ZSuccess(ZSessionData), ...errors },
      },
    },
    async (request) => {
      const data = await socialLogin(ctx, request.body);
      return ok(data, data.iev ? 'LoginSuccessful' : 'VerificationCodeSent');
    },
  );

  app.get(
    '/auth/social/providers',
    { schema: { tags: ['auth'], response: { 200: ZSuccess(ZSocialProvidersData) } } },
    async () => ok(socialProviders(ctx.config)),
  );
}
