import { payoutHoldMessage, toE164 } from '@parcelle/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { accountFreezeTokens, users } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { revokeAllSessions } from '../auth/sessions';
import { checkStepUp, type StepUp } from '../auth/step-up';
import { newOpaqueToken, sha256 } from '../auth/tokens';
import { checkCode, consumeCode, issueCode } from '../codes/service';
import {
  type AccountChange,
  accountChangeCodeEmail,
  accountChangedEmail,
  accountChangedSms,
} from '../notifications/account-change';
import { queueSms } from '../notifications/delivery-jobs';

/**
 * Issue 12, "accounts cannot be taken over". A change of email, phone, bank account or PayPal address needs:
 * the password again (sudo mode, see auth/reauth.ts) and a code emailed to the member's current, verified address
 * (the channel the member already proved), sent to `current_channel_code`. Afterwards the previous email and phone
 * are told, with a single-use link that freezes the account, and withdrawals wait PAYOUT_HOLD_HOURS.
 */

const HOUR_MS = 60 * 60 * 1000;
const FREEZE_LINK_TTL_MS = 30 * 24 * HOUR_MS;
/** `disabled_reason` of an account frozen from a notice's link: operators can unfreeze only these. */
export const FROZEN_REASON = 'frozen: the member used the link of a change notice';

function phoneOf(member: Pick<Member, 'phoneCode' | 'phoneNumber'>): string | undefined {
  return member.phoneCode && member.phoneNumber ? toE164(member.phoneCode, member.phoneNumber) : undefined;
}

// ---------------------------------------------------------------- the code to the current email

/** POST /user/security-code: emails a code to the current address; it is bound to this session. */
export async function sendSecurityCode(ctx: AppContext, member: Member, sessionId: string): Promise<void> {
  if (!member.emailVerifiedAt) throw forbidden('VerifiedEmailRequired');
  const code = await issueCode(ctx.database.db, ctx.config, {
    userId: member.id,
    purpose: 'account_change',
    target: sessionId,
  });
  await ctx.mailer.sendEmail({
    to: member.email,
    ...accountChangeCodeEmail(member.language, { firstName: member.firstName, code }),
  });
}

/** POST /user/security-code/verify: checks the code without spending it (a wrong code still uses an attempt). */
export async function checkSecurityCode(ctx: AppContext, member: Member, sessionId: string, code: string) {
  if (!member.emailVerifiedAt) throw forbidden('VerifiedEmailRequired');
  await checkCode(ctx.database.db, ctx.config, {
    userId: member.id,
    purpose: 'account_change',
    code,
    target: sessionId,
    field: 'current_channel_code',
  });
}

export type ChannelProof = { member: Member; sessionId: string; code: string | undefined };

/**
 * Checks `current_channel_code` before a change is applied, without spending it, so that a second code of the same
 * change (the SMS code of the new number…) can still be wrong without losing it. `spendChannelCode` spends it.
 * An email change by a member whose address is not verified has no proven address: its SMS code is the proof.
 */
export async function checkChannelCode(ctx: AppContext, proof: ChannelProof, change: AccountChange): Promise<boolean> {
  if (!proof.member.emailVerifiedAt) {
    if (change === 'email') return false;
    throw forbidden('VerifiedEmailRequired');
  }
  if (proof.code === undefined) throw badRequest('CurrentChannelCodeRequired', 'current_channel_code');
  await checkSecurityCode(ctx, proof.member, proof.sessionId, proof.code);
  return true;
}

export async function spendChannelCode(ctx: AppContext, proof: ChannelProof): Promise<void> {
  if (proof.code === undefined) return;
  await consumeCode(ctx.database.db, ctx.config, {
    userId: proof.member.id,
    purpose: 'account_change',
    code: proof.code,
    target: proof.sessionId,
    field: 'current_channel_code',
  });
}

/**
 * The step-up of a payout change (issue 26, auth/step-up.ts), after the password again (the route's sudo mode): the
 * code emailed to the current, verified address for this session, and the app's code when the second factor is on;
 * both spent by the transaction that saves the change.
 */
export function payoutStepUp(
  ctx: AppContext,
  actor: { member: Member; sessionId: string },
  input: { current_channel_code?: string | undefined; totp_code?: string | undefined },
): Promise<StepUp> {
  if (!actor.member.emailVerifiedAt) throw forbidden('VerifiedEmailRequired');
  return checkStepUp(
    ctx,
    actor.member,
    { verification_code: input.current_channel_code, totp_code: input.totp_code },
    {
      purpose: 'account_change',
      target: actor.sessionId,
      field: 'current_channel_code',
      missing: 'CurrentChannelCodeRequired',
    },
  );
}

// ---------------------------------------------------------------- after the change

/** Starts the payout hold; call inside the transaction that applies the change. */
export async function startPayoutHold(db: Executor, memberId: string): Promise<void> {
  await db.update(users).set({ contactChangedAt: new Date() }).where(eq(users.id, memberId));
}

/**
 * Tells the previous email and phone what changed, in the member's language, with a link that freezes the account.
 * `before` is the member as they were before the change (their old address and number).
 */
export async function notifyPreviousChannels(ctx: AppContext, before: Member, change: AccountChange): Promise<void> {
  const token = newOpaqueToken();
  await ctx.database.db.insert(accountFreezeTokens).values({
    userId: before.id,
    tokenHash: sha256(token),
    change,
    expiresAt: new Date(Date.now() + FREEZE_LINK_TTL_MS),
  });
  // The web page asks for a click before it POSTs: a link preview or a mail scanner opening it freezes nothing.
  const freezeLink = `${ctx.config.publicUrl}/account/freeze?token=${token}`;
  await ctx.mailer.sendEmail({
    to: before.email,
    ...accountChangedEmail(before.language, {
      firstName: before.firstName,
      change,
      freezeLink,
      holdHours: ctx.config.payoutHoldHours,
    }),
  });
  const phone = phoneOf(before);
  if (phone) await queueSms(ctx, { to: phone, text: accountChangedSms(before.language, { change, freezeLink }) });
}

// ---------------------------------------------------------------- freeze

/**
 * The link of a change notice: once, it freezes the account (the disabled state, with FROZEN_REASON): every session
 * ends, sign-in and refresh answer 'Account Deactivated', so no money moves and nothing changes until an operator
 * unfreezes it.
 */
export async function freezeAccount(ctx: AppContext, token: string): Promise<void> {
  const frozen = await ctx.database.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(accountFreezeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(accountFreezeTokens.tokenHash, sha256(token)),
          isNull(accountFreezeTokens.usedAt),
          gt(accountFreezeTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: accountFreezeTokens.userId });
    if (!spent) return false;
    await tx
      .update(users)
      .set({ disabledAt: new Date(), disabledReason: FROZEN_REASON })
      .where(and(eq(users.id, spent.userId), isNull(users.disabledAt)));
    await revokeAllSessions(tx, spent.userId, 'account_frozen');
    return true;
  });
  if (!frozen) throw badRequest('FreezeLinkInvalid', 'token');
}

/** An operator lifts a freeze (not a member's own deactivation). */
export async function unfreezeAccount(db: Executor, memberId: string): Promise<void> {
  const [row] = await db
    .update(users)
    .set({ disabledAt: null, disabledReason: null })
    .where(and(eq(users.id, memberId), eq(users.disabledReason, FROZEN_REASON)))
    .returning({ id: users.id });
  if (!row) throw new AppError(409, 'AccountNotFrozen');
}

// ---------------------------------------------------------------- payout hold

/** Until when withdrawals wait after the last contact or payout change; null when they do not. */
export function payoutHoldUntil(ctx: AppContext, member: Pick<Member, 'contactChangedAt'>, now = Date.now()) {
  if (!member.contactChangedAt) return null;
  const until = member.contactChangedAt.getTime() + ctx.config.payoutHoldHours * HOUR_MS;
  return until > now ? new Date(until) : null;
}

/** 403 with the date, during the hold. */
export function assertNoPayoutHold(ctx: AppContext, member: Pick<Member, 'contactChangedAt'>): void {
  const until = payoutHoldUntil(ctx, member);
  if (until) throw new AppError(403, 'PayoutHold', undefined, payoutHoldMessage(until));
}
