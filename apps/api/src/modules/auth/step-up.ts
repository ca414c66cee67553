import type { MessageKey } from '@parcelle/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Member } from '../../http/authenticate';
import { badRequest } from '../../http/errors';
import { requireSecondFactor } from '../account/two-factor';
import { type CodeCheck, checkCode, consumeCode } from '../codes/service';
import { totpEnrolled } from './totp';

/**
 * Step-up (issue 26): the one rule for every way money or parts leave a member — a wallet purchase, a bid, an ask,
 * accepting an order, a withdrawal, a change of bank account or PayPal address. The access token is not enough: the
 * request also carries a one-time code sent to the member (by SMS, or by email to a member without a phone) and,
 * when the member's second factor is on, `totp_code`. Spending and selling use the wallet code of
 * `POST /paintings/purchase/code`; a withdrawal its own code (bound to its amount); a payout change the code emailed
 * to the current address (with the password again, sudo mode).
 *
 * `checkStepUp` answers before anything is written: 400 with the missing field's message, a wrong code counted in its
 * own commit (5 tries per code). It returns what `spend` uses up inside the action's transaction — the code, and the
 * TOTP step or recovery code — so that nothing is spent unless the action commits, and two actions can never share
 * one code.
 */
export type StepUpProof = { verification_code?: string | undefined; totp_code?: string | undefined };

export type StepUp = { spend: (tx: Executor) => Promise<void> };

/** Which one-time code proves the action: the wallet code unless told otherwise. */
export type StepUpChannel = Omit<CodeCheck, 'userId' | 'code'> & { missing: MessageKey };

export const WALLET_CODE: StepUpChannel = { purpose: 'purchase', field: 'verification_code', missing: 'OtpRequired' };
/** The order book: the wallet code, with a message that says where to get it. */
export const TRADE_CODE: StepUpChannel = { ...WALLET_CODE, missing: 'StepUpCodeRequired' };

export async function checkStepUp(
  ctx: AppContext,
  member: Pick<Member, 'id'>,
  proof: StepUpProof,
  channel: StepUpChannel = WALLET_CODE,
): Promise<StepUp> {
  const field = channel.field ?? 'verification_code';
  if (!proof.verification_code) throw badRequest(channel.missing, field);
  // Said before the code is tried, so that a member who forgot the app's code does not use up an attempt.
  if (!proof.totp_code && (await totpEnrolled(ctx, member.id))) throw badRequest('TwoFactorCodeRequired', 'totp_code');
  const { missing: _missing, ...check } = channel;
  const code: CodeCheck = { ...check, userId: member.id, code: proof.verification_code, field };
  // A wrong code counts here, in its own commit; the right one is spent only by the transaction that commits.
  await checkCode(ctx.database.db, ctx.config, code);
  return {
    spend: async (tx) => {
      await requireSecondFactor(ctx, member, proof.totp_code, tx);
      await consumeCode(tx, ctx.config, code);
    },
  };
}
