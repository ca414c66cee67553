import {
  ZChangePasswordRequest,
  ZFailure,
  ZForgotPasswordRequest,
  ZForgotResetRequest,
  ZForgotVerifyEmailRequest,
  ZForgotVerifyLinkQuery,
  ZLoginData,
  ZLoginRequest,
  ZLogoutRequest,
  ZReauthenticatedData,
  ZReauthenticateRequest,
  ZRefreshData,
  ZRefreshRequest,
  ZSessionData,
  ZSetPasswordLinkQuery,
  ZSetPasswordRequest,
  ZSuccess,
  ZTotpSignInRequest,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import { type App, codeSendBudget, perIp } from '../../http/types';
import { captchaGuard } from '../captcha/guard';
import { reauthenticate } from './reauth';
import * as auth from './service';
import { signInWithTotp } from './totp';

const errors = { 400: ZFailure, 401: ZFailure, 429: ZFailure };
const ZNull = z.null();

export function authRoutes(app: App, ctx: AppContext) {
  const limit = ctx.config.rateLimitAuthPerMinute;

  app.post(
    '/auth/token',
    {
      config: perIp(limit),
      schema: {
        tags: ['auth'],
        description: 'An operator with a second factor gets `{ totp_required, challenge }` for POST /auth/token/totp.',
        body: ZLoginRequest,
        response: { 200: ZSuccess(ZLoginData), 403: ZFailure, ...errors },
      },
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
      if ('totp_required' in data) return ok(data, 'TotpRequired');
      return ok(data, data.iev ? 'LoginSuccessful' : 'VerificationCodeSent');
    },
  );

  app.post(
    '/auth/token/totp',
    {
      config: perIp(limit),
      schema: {
        tags: ['auth'],
        description: 'Second step of an operator sign-in: the challenge and a TOTP code or a recovery code.',
        body: ZTotpSignInRequest,
        response: { 200: ZSuccess(ZSessionData), 403: ZFailure, ...errors },
      },
    },
    async (request) => {
      const data = await signInWithTotp(ctx, request.body, (user, device) =>
        auth.sessionData(ctx, user, device, { secondFactor: true }),
      );
      return ok(data, 'LoginSuccessful');
    },
  );

  app.get(
    '/auth/password/set/verify-link',
    {
      config: perIp(limit),
      schema: { tags: ['auth'], querystring: ZSetPasswordLinkQuery, response: { 200: ZSuccess(ZNull), ...errors } },
    },
    async (request) => {
      await auth.verifySetPasswordLink(ctx, request.query.token);
      return ok(null, 'SetPasswordLinkValid');
    },
  );

  app.post(
    '/auth/password/set',
    {
      config: perIp(limit),
      schema: {
        tags: ['auth'],
        description: 'The first password of a quick sign-up account, from the emailed link; verifies the email.',
        body: ZSetPasswordRequest,
        response: { 200: ZSuccess(ZNull), ...errors },
      },
    },
    async (request) => {
      await auth.setPassword(ctx, { token: request.body.token, newPassword: request.body.new_password });
      return ok(null, 'PasswordSet');
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

  // Issue 12, "sudo mode": the password again before a change of email, phone or payout details (5 minutes).
  app.post(
    '/auth/reauthenticate',
    {
      config: perIp(limit),
      preHandler: authenticate(ctx),
      schema: {
        tags: ['auth'],
        body: ZReauthenticateRequest,
        response: { 200: ZSuccess(ZReauthenticatedData), ...errors },
      },
    },
    async (request) =>
      ok(
        await reauthenticate(ctx, memberOf(request), request.sessionId ?? '', request.body.password, request.ip),
        'Reauthenticated',
      ),
  );

  app.put(
    '/auth/password/reset',
    {
      config: perIp(limit),
      preHandler: authenticate(ctx, { access: 'contact' }),
      schema: {
        tags: ['auth'],
        body: ZChangePasswordRequest,
        response: { 200: ZSuccess(ZNull), 403: ZFailure, ...errors },
      },
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
