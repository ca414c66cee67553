import {
  ZEmailVerifyRequest,
  ZEmptyRequest,
  ZFailure,
  ZProfileData,
  ZRegisterRequest,
  ZSessionData,
  ZSuccess,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import { type App, codeSendBudget, perIp } from '../../http/types';
import { captchaGuard } from '../captcha/guard';
import { buildProfile } from './profile';
import * as users from './registration';

const errors = { 400: ZFailure, 401: ZFailure, 409: ZFailure, 429: ZFailure };
const ZNull = z.null();

export function registrationRoutes(app: App, ctx: AppContext) {
  const limit = ctx.config.rateLimitAuthPerMinute;

  app.post(
    '/user/register',
    {
      config: perIp(Math.max(5, Math.floor(limit / 2))),
      preHandler: captchaGuard(ctx),
      schema: { tags: ['user'], body: ZRegisterRequest, response: { 200: ZSuccess(ZSessionData), ...errors } },
    },
    async (request) => {
      const data = await users.register(ctx, request.body);
      return ok(data, request.body.quick_sign_up ? 'QuickLoginSuccess' : 'RegisterSuccessful');
    },
  );

  const sendCode = async (request: Parameters<ReturnType<typeof authenticate>>[0]) => {
    await users.sendEmailVerificationCode(ctx, memberOf(request));
    return ok(null, 'VerificationCodeSent');
  };
  const codeRoute = {
    config: perIp(codeSendBudget(limit)),
    preHandler: authenticate(ctx),
    schema: { tags: ['user'], body: ZEmptyRequest, response: { 200: ZSuccess(ZNull), ...errors } },
  };
  app.post('/user/send/email/verification/code', codeRoute, sendCode);
  app.post('/user/resend/email', codeRoute, sendCode);

  app.post(
    '/user/email/verify',
    {
      config: perIp(limit),
      preHandler: authenticate(ctx),
      schema: { tags: ['user'], body: ZEmailVerifyRequest, response: { 200: ZSuccess(ZNull), ...errors } },
    },
    async (request) => {
      await users.verifyEmail(ctx, memberOf(request), request.sessionId ?? '', request.body.code);
      return ok(null, 'EmailVerified');
    },
  );

  app.get(
    '/user/profile',
    {
      preHandler: authenticate(ctx),
      schema: { tags: ['user'], response: { 200: ZSuccess(ZProfileData), ...errors } },
    },
    async (request) => ok({ user: await buildProfile(ctx, memberOf(request)) }, 'ProfileFetched'),
  );
}
