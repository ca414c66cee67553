import {
  ZChangePasswordRequest,
  ZFailure,
  ZForgotPasswordRequest,
  ZForgotResetRequest,
  ZForgotVerifyEmailRequest,
  ZForgotVerifyLinkQuery,
  ZLoginRequest,
  ZLogoutRequest,
  ZRefreshData,
  ZRefreshRequest,
  ZSessionData,
  ZSuccess,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import { type App, codeSendBudget, perIp } from '../../http/types';
import { captchaGuard } from '../captcha/guard';
import * as auth from './service';

const errors = { 400: ZFailure, 401: ZFailure, 429: ZFailure };
const ZNull = z.null();

export function authRoutes(app: App, ctx: AppContext) {
  const limit = ctx.config.rateLimitAuthPerMinute;

  app.post(
    '/auth/token',
    {
      config: perIp(limit),
      schema: { tags: ['auth'], body: ZLoginRequest, response: { 200: ZSuccess(ZSessionData), ...errors } },
    },
    async (request) => {
      const { email, password, captcha, device_token, device_type } = request.body;
      const data = await auth.login(ctx, {
        email,
        password,
        captcha,
        ip: request.ip,
        deviceToken: device_token,
        deviceType: device_type,
      });
      return ok(data, data.iev ? 'LoginSuccessful' : 'VerificationCodeSent');
    },
  );

  app.post(
    '/auth/token/refresh',
    {
      config: perIp(limit * 3),
      schema: { tags: ['auth'], body: ZRefreshRequest, response: { 200: ZSuccess(ZRefreshData), ...errors } },
    },
    async (request) => ok(await auth.refresh(ctx, request.body.refresh_token), 'TokenRefreshed'),
  );

  app.post(
    '/auth/logout',
    {
      config: perIp(limit),
      preHandler: authenticate(ctx),
      schema: { tags: ['auth'], body: ZLogoutRequest, response: { 200: ZSuccess(ZNull), ...errors } },
    },
    async (request) => {
      await auth.logout(ctx, memberOf(request), request.sessionId ?? '', request.body.refresh_token);
      return ok(null, 'LogoutSuccessful');
    },
  );

  app.post(
    '/auth/forgotpwd',
    {
      config: perIp(codeSendBudget(limit)),
      preHandler: captchaGuard(ctx),
      schema: { tags: ['auth'], body: ZForgotPasswordRequest, response: { 200: ZSuccess(ZNull), ...errors } },
    },
    async (request) => {
      await auth.requestPasswordReset(ctx, request.body.email);
      return ok(null, 'ForgotPasswordSent');
    },
  );

  app.get(
    '/auth/forgotpwd/verify-link',
    {
      config: perIp(limit),
      schema: { tags: ['auth'], querystring: ZForgotVerifyLinkQuery, response: { 200: ZSuccess(ZNull), ...errors } },
    },
    async (request) => {
      await auth.verifyResetLink(ctx, request.query.forgot_pwd_token);
      return ok(null, 'ResetLinkValid');
    },
  );

  app.post(
    '/auth/forgotpwd/verify-email',
    {
      config: perIp(limit),
      schema: { tags: ['auth'], body: ZForgotVerifyEmailRequest, response: { 200: ZSuccess(ZNull), ...errors } },
    },
    async (request) => {
      await auth.verifyResetEmail(ctx, request.body.email, request.body.forgot_password_token);
      return ok(null, 'ResetLinkValid');
    },
  );

  app.post(
    '/auth/forgotpwd/reset',
    {
      config: perIp(limit),
      schema: { tags: ['auth'], body: ZForgotResetRequest, response: { 200: ZSuccess(ZNull), ...errors } },
    },
    async (request) => {
      const { email, forgot_pwd_token, new_password } = request.body;
      await auth.resetPassword(ctx, { email, token: forgot_pwd_token, newPassword: new_password });
      return ok(null, 'PasswordResetDone');
    },
  );

  app.put(
    '/auth/password/reset',
    {
      config: perIp(limit),
      preHandler: authenticate(ctx),
      schema: { tags: ['auth'], body: ZChangePasswordRequest, response: { 200: ZSuccess(ZNull), ...errors } },
    },
    async (request) => {
      await auth.changePassword(ctx, memberOf(request), request.sessionId ?? '', {
        oldPassword: request.body.old_password,
        newPassword: request.body.new_password,
      });
      return ok(null, 'PasswordChanged');
    },
  );
}
