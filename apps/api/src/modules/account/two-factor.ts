import type { TTwoFactorConfirmData, TTwoFactorEnrolData, TTwoFactorState } from '@parcelle/shared';
import QRCode from 'qrcode';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { audit } from '../admin/audit';
import {
  acceptSecondFactor,
  activateTotp,
  checkFirstCode,
  recoveryCodesLeft,
  removeTotp,
  startTotpEnrolment,
  totpEnrolled,
} from '../auth/totp';
import { twoFactorChangedEmail } from '../notifications/account-change';

/**
 * A member's second factor (issue 17), optional: the operators' TOTP machinery (auth/totp.ts: secret encrypted at
 * rest, recovery codes HMAC-hashed, a time step accepted once, wrong codes counted in the shared counters). When it
 * is on, a withdrawal and a change of bank account or PayPal address also need `totp_code` (`requireSecondFactor`).
 * Turning it on or off needs the password again (sudo mode, the route's preHandler); both are emailed to the member
 * and written to the audit log with the member as actor.
 */

/** GET /user/two-factor. */
export async function twoFactorState(ctx: AppContext, member: Member): Promise<TTwoFactorState> {
  const enabled = await totpEnrolled(ctx, member.id);
  return { enabled, recovery_codes_left: enabled ? await recoveryCodesLeft(ctx.database.db, member.id) : 0 };
}

/** POST /user/two-factor/enrol: a new secret (replacing an unconfirmed one), its URI and QR code, shown once. */
export async function enrolTwoFactor(ctx: AppContext, member: Member): Promise<TTwoFactorEnrolData> {
  const { secret, otpauth_uri } = await startTotpEnrolment(ctx, member);
  const qr_code = await QRCode.toDataURL(otpauth_uri, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  return { secret, otpauth_uri, qr_code };
}

async function recordChange(tx: Executor, member: Member, enabled: boolean, how?: string) {
  await audit(tx, {
    actorId: member.id,
    action: enabled ? 'member.two_factor_enable' : 'member.two_factor_disable',
    targetType: 'user',
    targetId: member.id,
    details: how ? { with: how } : {},
    before: { two_factor: !enabled },
    after: { two_factor: enabled },
  });
}

async function notify(ctx: AppContext, member: Member, enabled: boolean) {
  await ctx.mailer.sendEmail({
    to: member.email,
    ...twoFactorChangedEmail(member.language, { firstName: member.firstName, enabled }),
  });
}

/** POST /user/two-factor/confirm: a first code turns it on; the ten recovery codes are answered once. */
export async function confirmTwoFactor(ctx: AppContext, member: Member, code: string): Promise<TTwoFactorConfirmData> {
  const step = await checkFirstCode(ctx, member, code);
  const codes = await ctx.database.db.transaction(async (tx) => {
    const fresh = await activateTotp(tx, ctx.config, member.id, step);
    await recordChange(tx, member, true);
    return fresh;
  });
  await notify(ctx, member, true);
  return { recovery_codes: codes };
}

/** POST /user/two-factor/disable: a current code or a recovery code turns it off. Operators keep theirs. */
export async function disableTwoFactor(ctx: AppContext, member: Member, code: string): Promise<void> {
  if (member.role === 'admin') throw forbidden('TwoFactorOperatorRequired');
  if (!(await totpEnrolled(ctx, member.id))) throw new AppError(409, 'TwoFactorNotEnabled');
  await ctx.database.db.transaction(async (tx) => {
    await acceptSecondFactor(ctx, member.id, code, { db: tx, field: 'code' });
    await removeTotp(tx, member.id);
    await recordChange(tx, member, false, /^\d{6}$/.test(code.trim()) ? 'totp' : 'recovery_code');
  });
  await notify(ctx, member, false);
}

/**
 * Before a withdrawal or a payout change: nothing when the member's factor is off; otherwise a valid `totp_code`
 * (400 TwoFactorCodeRequired without one, TotpCodeInvalid when wrong or replayed), spent in `db` (the caller's
 * transaction) when given, so that it is used up only if the action commits. A code sent while it is off is ignored.
 */
export async function requireSecondFactor(
  ctx: AppContext,
  member: Pick<Member, 'id'>,
  code: string | undefined,
  db?: Executor,
): Promise<void> {
  if (!(await totpEnrolled(ctx, member.id, db))) return;
  if (!code) throw badRequest('TwoFactorCodeRequired', 'totp_code');
  await acceptSecondFactor(ctx, member.id, code, { db, field: 'totp_code' });
}
