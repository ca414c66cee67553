import {
  PROFILE_IMAGE_MAX_BYTES,
  ZBankData,
  ZBankRequest,
  ZCodeSentData,
  ZDisableAccountRequest,
  ZEmailUpdateData,
  ZEmailUpdateRequest,
  ZFailure,
  ZFreezeRequest,
  ZLanguageData,
  ZLanguageRequest,
  ZPaypalData,
  ZPaypalRequest,
  ZPhoneSendCodeRequest,
  ZPhoneUpdateData,
  ZPhoneUpdateRequest,
  ZPhoneVerifiedData,
  ZPhoneVerifyRequest,
  ZProfileImageData,
  ZProfileUpdateData,
  ZProfileUpdateRequest,
  ZSecurityCodeCheck,
  ZSuccess,
  ZTwoFactorConfirmData,
  ZTwoFactorConfirmRequest,
  ZTwoFactorDisableRequest,
  ZTwoFactorEnrolData,
  ZTwoFactorState,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { AppError, badRequest } from '../../http/errors';
import { ok } from '../../http/reply';
import { type App, codeSendBudget, perIp } from '../../http/types';
import { requireFreshProof } from '../auth/reauth';
import { setProfileImage } from './profile-image';
import { registrationRoutes } from './registration-routes';
import { checkSecurityCode, freezeAccount, sendSecurityCode } from './security';
import * as account from './service';
import { confirmTwoFactor, disableTwoFactor, enrolTwoFactor, twoFactorState } from './two-factor';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 409: ZFailure, 429: ZFailure, 502: ZFailure };

/** The member and the session of a request that passed `authenticate`. */
const actorOf = (request: Parameters<typeof memberOf>[0]): account.Actor => ({
  member: memberOf(request),
  sessionId: request.sessionId ?? '',
});
const ZNull = z.null();

/** Reads the one `image` part of a multipart request; 413 past 5 MiB, 400 when missing. */
async function readImagePart(request: Parameters<ReturnType<typeof authenticate>>[0]): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('ImageRequired', 'image');
  try {
    for await (const part of request.parts({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') {
          part.file.resume();
          continue;
        }
        const bytes = await part.toBuffer();
        if (bytes.length === 0) throw badRequest('ImageRequired', 'image');
        return bytes;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'ImageTooLarge', 'image');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('InvalidRequest', 'image');
    throw badRequest('ImageRequired', 'image');
  }
  throw badRequest('ImageRequired', 'image');
}

/** Member account management of spec §2 "Profile edit", §4 and §7. Every call acts on the signed-in member only. */
export function accountRoutes(app: App, ctx: AppContext) {
  // Sign-up, the email's verification code and the profile: the first /user/* routes of a member's account.
  registrationRoutes(app, ctx);
  const limit = ctx.config.rateLimitAuthPerMinute;
  const member = authenticate(ctx);
  // Contact details: a full session (not quick sign-up's); payout details also need a verified email; both need the
  // password confirmed less than 5 minutes ago (issue 12).
  const fullSession = authenticate(ctx, { access: 'contact' });
  const contactChange = [fullSession, requireFreshProof(ctx)];
  const payoutChange = [authenticate(ctx, { access: 'money' }), requireFreshProof(ctx)];
  /** Calls that send a code (SMS): stricter than calls that check one. */
  const sendLimit = perIp(codeSendBudget(limit));
  const checkLimit = perIp(limit);
  // One route both sends the code (strict budget) and confirms it (the checking budget): the limiter runs
  // after the body is parsed so it can tell which, and counts the two separately.
  const emailChangeLimit = {
    rateLimit: {
      hook: 'preHandler' as const,
      timeWindow: 60_000,
      keyGenerator: (request: { ip: string; body?: unknown }) =>
        `${request.ip}:${(request.body as { verification_code?: unknown } | undefined)?.verification_code ? 'confirm' : 'send'}`,
      max: (_request: unknown, key: string) => (key.endsWith(':confirm') ? limit : codeSendBudget(limit)),
    },
  };

  app.patch(
    '/user/profile',
    {
      config: perIp(limit * 2),
      preHandler: member,
      schema: {
        tags: ['user'],
        body: ZProfileUpdateRequest,
        response: { 200: ZSuccess(ZProfileUpdateData), ...errors },
      },
    },
    async (request) =>
      ok({ user: await account.updateProfile(ctx, memberOf(request), request.body) }, 'ProfileUpdated'),
  );

  app.post(
    '/user/profile-image',
    {
      config: perIp(limit),
      preHandler: member,
      schema: {
        tags: ['user'],
        consumes: ['multipart/form-data'],
        description: 'Multipart, one file in the field `image`: JPEG, PNG or WebP, at most 5 MiB. Stored as WebP.',
        response: { 200: ZSuccess(ZProfileImageData), 413: ZFailure, ...errors },
      },
    },
    async (request) => {
      const bytes = await readImagePart(request);
      return ok(await setProfileImage(ctx, memberOf(request), bytes), 'ProfileImageUpdated');
    },
  );

  app.patch(
    '/user/update/email',
    {
      config: emailChangeLimit,
      preHandler: contactChange,
      schema: { tags: ['user'], body: ZEmailUpdateRequest, response: { 200: ZSuccess(ZEmailUpdateData), ...errors } },
    },
    async (request) => {
      const data = await account.updateEmail(ctx, actorOf(request), request.body);
      return ok(data, 'code_sent' in data ? 'OtpSentToPhone' : 'EmailUpdated');
    },
  );

  app.post(
    '/user/phone',
    {
      config: sendLimit,
      preHandler: contactChange,
      schema: { tags: ['user'], body: ZPhoneSendCodeRequest, response: { 200: ZSuccess(ZCodeSentData), ...errors } },
    },
    async (request) => {
      await account.sendPhoneCode(ctx, memberOf(request), request.body);
      return ok({ code_sent: true as const }, 'OtpSentToPhone');
    },
  );

  app.post(
    '/user/phone/verify',
    {
      config: checkLimit,
      preHandler: contactChange,
      schema: { tags: ['user'], body: ZPhoneVerifyRequest, response: { 200: ZSuccess(ZPhoneVerifiedData), ...errors } },
    },
    async (request) => {
      await account.verifyPhoneCode(ctx, memberOf(request), request.body);
      return ok({ verified: true as const }, 'PhoneVerified');
    },
  );

  app.patch(
    '/user/update/phone',
    {
      config: checkLimit,
      preHandler: contactChange,
      schema: { tags: ['user'], body: ZPhoneUpdateRequest, response: { 200: ZSuccess(ZPhoneUpdateData), ...errors } },
    },
    async (request) => ok(await account.updatePhone(ctx, actorOf(request), request.body), 'PhoneUpdated'),
  );

  app.post(
    '/user/bank',
    {
      config: perIp(limit),
      preHandler: payoutChange,
      schema: { tags: ['user'], body: ZBankRequest, response: { 200: ZSuccess(ZBankData), ...errors } },
    },
    async (request) => ok(await account.saveBank(ctx, actorOf(request), request.body), 'BankSaved'),
  );

  app.get(
    '/user/bank',
    {
      preHandler: member,
      schema: { tags: ['user'], response: { 200: ZSuccess(ZBankData.nullable()), ...errors } },
    },
    async (request) => ok(await account.getBank(ctx, memberOf(request)), 'BankFetched'),
  );

  app.patch(
    '/user/paypal',
    {
      config: perIp(limit),
      preHandler: payoutChange,
      schema: { tags: ['user'], body: ZPaypalRequest, response: { 200: ZSuccess(ZPaypalData), ...errors } },
    },
    async (request) => ok(await account.savePaypal(ctx, actorOf(request), request.body), 'PaypalSaved'),
  );

  // Issue 12: the code emailed to the current address before a change of email, phone or payout details.
  app.post(
    '/user/security-code',
    {
      config: sendLimit,
      preHandler: contactChange,
      schema: {
        tags: ['user'],
        description:
          'Emails a 6-digit code to the current, verified address (403 VerifiedEmailRequired otherwise), bound to ' +
          'this session. Send it as `current_channel_code` with the call that applies the change.',
        response: { 200: ZSuccess(ZCodeSentData), ...errors },
      },
    },
    async (request) => {
      const { member: who, sessionId } = actorOf(request);
      await sendSecurityCode(ctx, who, sessionId);
      return ok({ code_sent: true as const }, 'SecurityCodeSent');
    },
  );

  app.post(
    '/user/security-code/verify',
    {
      config: checkLimit,
      preHandler: contactChange,
      schema: { tags: ['user'], body: ZSecurityCodeCheck, response: { 200: ZSuccess(ZPhoneVerifiedData), ...errors } },
    },
    async (request) => {
      const { member: who, sessionId } = actorOf(request);
      await checkSecurityCode(ctx, who, sessionId, request.body.verification_code);
      return ok({ verified: true as const }, 'SecurityCodeValid');
    },
  );

  // Issue 17: the member's optional second factor (TOTP). Turning it on or off needs the password again.
  const twoFactorChange = [fullSession, requireFreshProof(ctx)];
  app.get(
    '/user/two-factor',
    {
      preHandler: member,
      schema: {
        tags: ['user'],
        description: 'Whether the second factor (TOTP) is on, and how many unused recovery codes are left.',
        response: { 200: ZSuccess(ZTwoFactorState), ...errors },
      },
    },
    async (request) => ok(await twoFactorState(ctx, memberOf(request)), 'TwoFactorStateFetched'),
  );

  app.post(
    '/user/two-factor/enrol',
    {
      config: perIp(limit),
      preHandler: twoFactorChange,
      schema: {
        tags: ['user'],
        description:
          'Needs a password proof younger than 5 minutes (POST /auth/reauthenticate; 403 ReauthenticationRequired). ' +
          'A new TOTP secret (replacing an unconfirmed one), its otpauth:// URI and a QR code of it (PNG data URL); ' +
          '409 TotpAlreadyEnrolled when the factor is on. Nothing is required until POST /user/two-factor/confirm.',
        response: { 200: ZSuccess(ZTwoFactorEnrolData), ...errors },
      },
    },
    async (request) => ok(await enrolTwoFactor(ctx, memberOf(request)), 'TotpSecretCreated'),
  );

  app.post(
    '/user/two-factor/confirm',
    {
      config: checkLimit,
      preHandler: fullSession,
      schema: {
        tags: ['user'],
        body: ZTwoFactorConfirmRequest,
        description:
          'A first code of the app turns the factor on and answers ten single-use recovery codes, once (only their ' +
          'hashes are kept). From then on withdrawals, bank and PayPal changes need `totp_code`. Wrong codes: 10 per ' +
          '15 minutes per member, then 429. The member is emailed.',
        response: { 200: ZSuccess(ZTwoFactorConfirmData), ...errors },
      },
    },
    async (request) => ok(await confirmTwoFactor(ctx, memberOf(request), request.body.code), 'TwoFactorEnabled'),
  );

  app.post(
    '/user/two-factor/disable',
    {
      config: checkLimit,
      preHandler: twoFactorChange,
      schema: {
        tags: ['user'],
        body: ZTwoFactorDisableRequest,
        description:
          'Needs a password proof younger than 5 minutes and a current code of the app (each time step once) or an ' +
          'unused recovery code. Operators keep theirs (403). The member is emailed.',
        response: { 200: ZSuccess(ZNull), ...errors },
      },
    },
    async (request) => {
      await disableTwoFactor(ctx, memberOf(request), request.body.code);
      return ok(null, 'TwoFactorDisabled');
    },
  );

  // The link of a change notice (no sign-in: it comes from an email or an SMS). Works once.
  const freezeSchema = { tags: ['user'], response: { 200: ZSuccess(ZNull), ...errors } };
  app.get(
    '/account/freeze',
    { config: checkLimit, schema: { ...freezeSchema, querystring: ZFreezeRequest } },
    async (request) => {
      await freezeAccount(ctx, request.query.token);
      return ok(null, 'AccountFrozen');
    },
  );
  app.post(
    '/account/freeze',
    { config: checkLimit, schema: { ...freezeSchema, body: ZFreezeRequest } },
    async (request) => {
      await freezeAccount(ctx, request.body.token);
      return ok(null, 'AccountFrozen');
    },
  );

  app.post(
    '/user/request/disable/account',
    {
      config: perIp(limit),
      // Not from quick sign-up's session: whoever typed someone else's email must not lock its owner out.
      preHandler: fullSession,
      schema: { tags: ['user'], body: ZDisableAccountRequest, response: { 200: ZSuccess(ZNull), ...errors } },
    },
    async (request) => {
      await account.disableAccount(ctx, memberOf(request), request.body.reason);
      return ok(null, 'AccountDisabled');
    },
  );

  app.post(
    '/user/language',
    {
      config: perIp(limit * 2),
      preHandler: member,
      schema: { tags: ['user'], body: ZLanguageRequest, response: { 200: ZSuccess(ZLanguageData), ...errors } },
    },
    async (request) => ok(await account.setLanguage(ctx, memberOf(request), request.body.lang), 'LanguageUpdated'),
  );
}
