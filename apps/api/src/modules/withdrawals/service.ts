import type { Currency } from '@parcelle/shared/constants';
import type { AdminWithdrawalStatus, TAdminSort } from '@parcelle/shared/contracts/admin';
import type { WithdrawalStatus } from '@parcelle/shared/contracts/member';
import { SAVED_BANK_ACCOUNT, type TWithdrawalEligibility } from '@parcelle/shared/contracts/member';
import { formatMoney, fromMajorString, toMajor } from '@parcelle/shared/money';
import { toE164 } from '@parcelle/shared/validation/fields';
import { normalizeIban } from '@parcelle/shared/validation/iban';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { bankAccounts, users, withdrawals } from '../../db/schema';
import { sortedBy } from '../../db/sort';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest, notFound } from '../../http/errors';
import { assertNoPayoutHold, payoutHoldUntil } from '../account/security';
import { getBank, revealIban } from '../account/service';
import { audit } from '../admin/audit';
import { refuseOwnWithdrawal } from '../admin/interest';
import { operatorEmails } from '../admin/operator-emails';
import { checkStepUp } from '../auth/step-up';
import { checkCode, issueCode } from '../codes/service';
import { accountFor, lockWallet, postTransaction, walletBalance } from '../ledger/ledger';
import { notifyMember } from '../notifications/notify';
import { codeSms, sendCodeSms } from '../notifications/sms';
import { newReference } from '../references/references';
import { requireVerified } from '../verification/gate';
import { screenBeforeWithdrawal } from '../verification/screening';

export type Withdrawal = typeof withdrawals.$inferSelect;

function phoneOf(member: Member): string {
  if (!member.phoneCode || !member.phoneNumber) throw badRequest('PhoneMissing', 'phone');
  return toE164(member.phoneCode, member.phoneNumber);
}

/**
 * What GET /member/withdrawal/eligibility answers: the hold after a change, the hold a change of destination would
 * start, and the saved destinations.
 */
export async function withdrawalEligibility(ctx: AppContext, member: Member): Promise<TWithdrawalEligibility> {
  const bank = await getBank(ctx, member);
  const paypal = member.paypalEmail ? { email: member.paypalEmail } : null;
  return {
    hold_until: payoutHoldUntil(ctx, member)?.toISOString() ?? null,
    // Saving a destination is a change once one is saved (issue 31): the form tells the hold before saving.
    change_hold_hours: bank || paypal ? ctx.config.payoutHoldHours : null,
    bank,
    paypal,
  };
}

/**
 * A withdrawal pays only a saved destination of the member (issue 12): the bank account, named by its IBAN (compared
 * without spaces, upper case) or by `saved`; or the PayPal address (compared in lower case). Spec §5 always sends
 * `bank` with the PayPal email as the alternative, so a `bank` request naming the saved PayPal address pays PayPal.
 * Free text is refused. Answers the method and what is recorded and shown (the IBAN by its last four only).
 */
export async function resolveDestination(
  ctx: AppContext,
  member: Member,
  request: { payment_method: 'bank' | 'paypal'; account: string },
): Promise<{ method: 'bank' | 'paypal'; account: string }> {
  const account = request.account.trim();
  const paypal = member.paypalEmail?.toLowerCase();
  if (paypal && account.toLowerCase() === paypal) return { method: 'paypal', account: `PayPal ${paypal}` };
  if (request.payment_method === 'bank') {
    const iban = await revealIban(ctx, member.id);
    const bank = await getBank(ctx, member);
    if (iban && bank && (account === SAVED_BANK_ACCOUNT || normalizeIban(account) === normalizeIban(iban))) {
      return { method: 'bank', account: `${bank.account_owner} — IBAN •••• ${bank.iban_last4}` };
    }
  }
  throw badRequest('WithdrawalAccountNotSaved', 'account');
}

/** What a withdrawal code is bound to when it was asked for with its amount. */
const boundAmount = (amountMinor: number, currency: Currency) => `amount:${amountMinor}:${currency}`;

/**
 * Withdrawals start with a code by SMS (spec §4); without a phone the member is sent to add one (ipe). Asked for with
 * the amount (the web does), the SMS names it in the member's language and currency and the code confirms that
 * amount only; an amount that could not be withdrawn is refused before any SMS is sent.
 */
export async function sendWithdrawalCode(ctx: AppContext, member: Member, amount?: number): Promise<void> {
  await requireVerified(ctx.database.db, member.id);
  assertNoPayoutHold(ctx, member);
  const phone = phoneOf(member);
  let amountMinor: number | null = null;
  if (amount !== undefined) {
    amountMinor = checkedAmount(member.currency, amount);
    if ((await walletBalance(ctx.database.db, member.id, member.currency)) < amountMinor) {
      throw badRequest('InsufficientBalance', 'amount');
    }
  }
  const code = await issueCode(ctx.database.db, ctx.config, {
    userId: member.id,
    purpose: 'withdrawal',
    ...(amountMinor === null ? {} : { target: boundAmount(amountMinor, member.currency) }),
  });
  const text = codeSms(member.language, 'withdrawal', code, {
    ...(amountMinor === null ? {} : { amount: formatMoney(amountMinor, member.currency, member.language) }),
  });
  await sendCodeSms(ctx, { userId: member.id, purpose: 'withdrawal', to: phone, text });
}

/** The amount in minor units, refused when malformed or below the minimum of 1 in the wallet's currency. */
function checkedAmount(currency: Currency, amount: number): number {
  const amountMinor = amountToMinor(amount);
  if (amountMinor < 100) throw badRequest(currency === 'EURO' ? 'WithdrawalMinEURO' : 'WithdrawalMinUSD', 'amount');
  return amountMinor;
}

/** The verify-code step: checks the code without spending it (a wrong code still uses an attempt). */
export async function checkWithdrawalCode(ctx: AppContext, member: Member, code: string): Promise<void> {
  phoneOf(member);
  await checkCode(ctx.database.db, ctx.config, {
    userId: member.id,
    purpose: 'withdrawal',
    code,
    field: 'verification_code',
  });
}

/** A JSON number of major units with at most 2 decimals, as exact minor units (12.5 → 1250; 1.005 refused). */
export function amountToMinor(amount: number): number {
  try {
    return fromMajorString(String(amount));
  } catch {
    throw badRequest('WithdrawalAmountInvalid', 'amount');
  }
}

/**
 * POST /member/withdrawal/store: the code is spent, then under the wallet's lock the amount is checked against the
 * balance and moved at once from the wallet to the payable account, so two requests can never spend the same money.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  member: Member,
  request: {
    payment_method: 'bank' | 'paypal';
    account: string;
    amount: number;
    verification_code: string;
    totp_code?: string | undefined;
  },
): Promise<Withdrawal> {
  // Identity verification first (issue 29): nothing moves for a member not approved, and no code is spent; and the
  // member is screened against the sanctions list before every withdrawal (a hit suspends them).
  await requireVerified(ctx.database.db, member.id);
  await screenBeforeWithdrawal(ctx, member.id);
  assertNoPayoutHold(ctx, member);
  const destination = await resolveDestination(ctx, member, request);
  const currency: Currency = member.currency;
  const amountMinor = checkedAmount(currency, request.amount);
  phoneOf(member);
  // Checked before the code is spent, so that an amount above the balance can be corrected with the same code; the
  // check that counts is the one under the wallet's lock below.
  if ((await walletBalance(ctx.database.db, member.id, currency)) < amountMinor) {
    throw badRequest('InsufficientBalance', 'amount');
  }
  // The step-up of issue 26 (auth/step-up.ts): the withdrawal's own code, and the app's code when the member's second
  // factor is on; a wrong code counts here, both are spent only by the transaction that commits.
  const stepUp = await checkStepUp(ctx, member, request, {
    purpose: 'withdrawal',
    // A code asked for with an amount confirms that amount only.
    boundTo: boundAmount(amountMinor, currency),
    field: 'verification_code',
    missing: 'OtpRequired',
  });
  return inTransaction(ctx.database.db, async (tx) => {
    const wallet = await lockWallet(tx, member.id, currency);
    if (wallet.balanceMinor < amountMinor) throw badRequest('InsufficientBalance', 'amount');
    await stepUp.spend(tx);
    // A bank payout keeps the account it was asked for (still encrypted), whatever is saved later.
    const [bank] =
      destination.method === 'bank'
        ? await tx.select().from(bankAccounts).where(eq(bankAccounts.userId, member.id))
        : [];
    const [withdrawal] = await tx
      .insert(withdrawals)
      .values({
        reference: newReference('withdrawal'),
        userId: member.id,
        currency,
        amountMinor,
        paymentMethod: destination.method,
        account: destination.account,
        creditorName: bank?.accountOwner ?? null,
        creditorIbanEncrypted: bank?.ibanEncrypted ?? null,
      })
      .returning();
    if (!withdrawal) throw new Error('withdrawal not recorded');
    const payable = await accountFor(tx, 'withdrawals_payable', currency);
    await postTransaction(tx, {
      reference: withdrawal.reference,
      description: 'withdrawal requested: held until approved',
      lines: [
        { accountId: wallet.accountId, amountMinor: -amountMinor, currency },
        { accountId: payable, amountMinor, currency },
      ],
    });
    return withdrawal;
  });
}

export function withdrawalData(row: Withdrawal) {
  return {
    _id: row.id,
    reference: row.reference,
    amount: { value: toMajor(row.amountMinor), curr: row.currency },
    t: row.createdAt.toISOString(),
    status: row.status,
    payment_method: row.paymentMethod,
    account: row.account,
  };
}

/** The member's own withdrawals of one status, newest first, paginated in the database. */
export async function listWithdrawals(
  db: Executor,
  memberId: string,
  query: { status: WithdrawalStatus; limit: number; offset: number },
) {
  const where = and(eq(withdrawals.userId, memberId), eq(withdrawals.status, query.status));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(withdrawals).where(where),
  ]);
  return { list: rows.map(withdrawalData), total: Number(total?.total ?? 0) };
}

/** What operators see of a withdrawal's state: an approved one whose money has left is RELEASED. */
export function adminStatus(row: Pick<Withdrawal, 'status' | 'releasedAt'>): AdminWithdrawalStatus {
  return row.status === 'APPROVED' && row.releasedAt ? 'RELEASED' : row.status;
}

/** The state an audit entry records before and after a step. */
function auditState(row: Withdrawal) {
  return {
    status: adminStatus(row),
    decided_by: row.decidedBy,
    released_by: row.releasedBy,
    reason: row.reason,
  };
}

async function lockWithdrawal(tx: Executor, withdrawalId: string): Promise<Withdrawal> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for('update');
  if (!row) throw notFound('WithdrawalNotFound');
  return row;
}

/**
 * The first of the four eyes (issue 15): an operator approves a PENDING withdrawal. Nothing moves yet: the money
 * stays held in the payable account until a different operator releases it.
 */
export async function approveWithdrawal(ctx: AppContext, operator: Member, withdrawalId: string): Promise<Withdrawal> {
  return inTransaction(ctx.database.db, async (tx) => {
    const before = await lockWithdrawal(tx, withdrawalId);
    if (before.status !== 'PENDING') throw new AppError(409, 'WithdrawalAlreadyDecided');
    refuseOwnWithdrawal(operator.id, before);
    const [approved] = await tx
      .update(withdrawals)
      .set({ status: 'APPROVED', decidedBy: operator.id, decidedAt: new Date() })
      .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, 'PENDING')))
      .returning();
    if (!approved) throw new AppError(409, 'WithdrawalAlreadyDecided');
    await notifyMember(ctx, tx, approved.userId, 'withdrawal_approved', {
      withdrawal_id: approved.id,
      reference: approved.reference,
      amount_minor: approved.amountMinor,
      currency: approved.currency,
    });
    await audit(tx, {
      actorId: operator.id,
      action: 'withdrawal.approve',
      targetType: 'withdrawal',
      targetId: approved.id,
      details: { reference: approved.reference },
      before: auditState(before),
      after: auditState(approved),
    });
    return approved;
  });
}

/**
 * The second of the four eyes: a DIFFERENT operator than the approver releases an approved withdrawal, and the held
 * money leaves to the outside world. Under the row's lock, and the update only matches a row not yet released, so
 * two releases at once release it once (the other gets 409); the database's check refuses the approver too.
 */
export async function releaseWithdrawal(ctx: AppContext, operator: Member, withdrawalId: string): Promise<Withdrawal> {
  return inTransaction(ctx.database.db, async (tx) => {
    const before = await lockWithdrawal(tx, withdrawalId);
    if (before.releasedAt) throw new AppError(409, 'WithdrawalAlreadyReleased');
    if (before.status !== 'APPROVED') throw new AppError(409, 'WithdrawalNotApproved');
    if (before.decidedBy === operator.id) throw new AppError(409, 'FourEyesRequired');
    refuseOwnWithdrawal(operator.id, before);
    const [released] = await tx
      .update(withdrawals)
      .set({ releasedBy: operator.id, releasedAt: new Date() })
      .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, 'APPROVED'), isNull(withdrawals.releasedAt)))
      .returning();
    if (!released) throw new AppError(409, 'WithdrawalAlreadyReleased');
    const payable = await accountFor(tx, 'withdrawals_payable', released.currency);
    const external = await accountFor(tx, 'external', released.currency);
    await postTransaction(tx, {
      reference: `${released.reference}:paid`,
      description: 'withdrawal released and paid out',
      lines: [
        { accountId: payable, amountMinor: -released.amountMinor, currency: released.currency },
        { accountId: external, amountMinor: released.amountMinor, currency: released.currency },
      ],
    });
    await audit(tx, {
      actorId: operator.id,
      action: 'withdrawal.release',
      targetType: 'withdrawal',
      targetId: released.id,
      details: { reference: released.reference, approved_by: released.decidedBy },
      before: auditState(before),
      after: auditState(released),
    });
    return released;
  });
}

/**
 * Rejects a withdrawal not yet released (PENDING, or APPROVED and waiting for its release): the held money returns
 * to the member's wallet, with the reason.
 */
export async function rejectWithdrawal(
  ctx: AppContext,
  operator: Member,
  withdrawalId: string,
  reason: string,
): Promise<Withdrawal> {
  return inTransaction(ctx.database.db, async (tx) => {
    const before = await lockWithdrawal(tx, withdrawalId);
    if (before.status === 'REJECTED' || before.releasedAt) throw new AppError(409, 'WithdrawalAlreadyDecided');
    const [rejected] = await tx
      .update(withdrawals)
      .set({ status: 'REJECTED', decidedBy: operator.id, decidedAt: new Date(), reason })
      .where(and(eq(withdrawals.id, withdrawalId), isNull(withdrawals.releasedAt)))
      .returning();
    if (!rejected) throw new AppError(409, 'WithdrawalAlreadyDecided');
    const payable = await accountFor(tx, 'withdrawals_payable', rejected.currency);
    const wallet = await accountFor(tx, 'member_wallet', rejected.currency, rejected.userId);
    await postTransaction(tx, {
      reference: `${rejected.reference}:returned`,
      description: 'withdrawal rejected: returned to the wallet',
      lines: [
        { accountId: payable, amountMinor: -rejected.amountMinor, currency: rejected.currency },
        { accountId: wallet, amountMinor: rejected.amountMinor, currency: rejected.currency },
      ],
    });
    await audit(tx, {
      actorId: operator.id,
      action: 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: rejected.id,
      details: { reference: rejected.reference, reason },
      before: auditState(before),
      after: auditState(rejected),
    });
    return rejected;
  });
}

/** Every withdrawal for operators (optionally one state), with its member and who approved and released it. */
export async function listAllWithdrawals(
  db: Executor,
  query: { status?: AdminWithdrawalStatus | undefined; limit: number; offset: number } & TAdminSort<'withdrawals'>,
) {
  const where =
    query.status === 'RELEASED'
      ? isNotNull(withdrawals.releasedAt)
      : query.status === 'APPROVED'
        ? and(eq(withdrawals.status, 'APPROVED'), isNull(withdrawals.releasedAt))
        : query.status
          ? eq(withdrawals.status, query.status)
          : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ withdrawal: withdrawals, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(
        ...sortedBy(
          query,
          {
            created_at: withdrawals.createdAt,
            reference: withdrawals.reference,
            member: users.email,
            amount: [withdrawals.currency, withdrawals.amountMinor],
            exported_at: withdrawals.exportedAt,
          },
          withdrawals.id,
        ),
      )
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(withdrawals).where(where),
  ]);
  const emailOf = await operatorEmails(
    db,
    rows.flatMap(({ withdrawal }) => [withdrawal.decidedBy, withdrawal.releasedBy]),
  );
  return {
    withdrawals: rows.map(({ withdrawal, ...member }) => adminWithdrawalData(withdrawal, member, emailOf)),
    total: Number(total?.total ?? 0),
  };
}

export function adminWithdrawalData(
  withdrawal: Withdrawal,
  member: { email: string; firstName: string; lastName: string },
  emailOf: (operatorId: string | null) => string | null,
) {
  return {
    id: withdrawal.id,
    reference: withdrawal.reference,
    member: { id: withdrawal.userId, email: member.email, name: `${member.firstName} ${member.lastName}` },
    amount: { value: toMajor(withdrawal.amountMinor), curr: withdrawal.currency },
    amount_minor: withdrawal.amountMinor,
    account: withdrawal.account,
    payment_method: withdrawal.paymentMethod,
    status: adminStatus(withdrawal),
    created_at: withdrawal.createdAt.toISOString(),
    decided_at: withdrawal.decidedAt?.toISOString() ?? null,
    decided_by: withdrawal.decidedBy,
    decided_by_email: emailOf(withdrawal.decidedBy),
    released_at: withdrawal.releasedAt?.toISOString() ?? null,
    released_by: withdrawal.releasedBy,
    released_by_email: emailOf(withdrawal.releasedBy),
    exported_at: withdrawal.exportedAt?.toISOString() ?? null,
    reason: withdrawal.reason,
  };
}

/** One withdrawal as operators see it. */
export async function adminWithdrawal(db: Executor, withdrawal: Withdrawal) {
  const [member] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, withdrawal.userId));
  if (!member) throw notFound('MemberNotFound');
  return adminWithdrawalData(
    withdrawal,
    member,
    await operatorEmails(db, [withdrawal.decidedBy, withdrawal.releasedBy]),
  );
}
