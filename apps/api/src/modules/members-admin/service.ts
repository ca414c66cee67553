import type { OperatorRole, TAdminMemberPage } from '@parcelle/shared';
import { toMajor } from '@parcelle/shared/money';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type Executor, queryRows } from '../../db/client';
import { inTransaction } from '../../db/retry';
import {
  bankAccounts,
  certificates,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  listings,
  memberNotes,
  purchases,
  sessions,
  users,
  withdrawals,
} from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, notFound } from '../../http/errors';
import { sendEmailVerificationCode } from '../account/registration';
import { FROZEN_REASON, payoutHoldUntil } from '../account/security';
import { setAccountDisabled } from '../account/users';
import { audit } from '../admin/audit';
import { revokeAllSessions } from '../auth/sessions';
import { walletBalances } from '../ledger/ledger';

/** How many rows of each list the member page shows (newest first); the full lists have their own pages. */
export const MEMBER_PAGE_ROWS = 50;

/** Roles that see a member's personal data unmasked (decision: masking, docs/security.md). */
const UNMASKED_ROLES: readonly OperatorRole[] = ['admin', 'support'];

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Members for operators, searched by name, email, id or a reference of theirs (a purchase, withdrawal, listing or
 * certificate number), paged and sorted. No secrets: never the password hash or the IBAN.
 */
export async function searchMembers(
  db: Executor,
  query: {
    q?: string | undefined;
    sort: 'created_at' | 'email' | 'last_name';
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
) {
  const q = query.q?.trim();
  let where: SQL | undefined;
  if (q) {
    const pattern = `%${likeEscaped(q)}%`;
    const reference = q.toUpperCase();
    where = or(
      ilike(users.email, pattern),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ilike(sql`${users.lastName} || ' ' || ${users.firstName}`, pattern),
      UUID.test(q) ? eq(users.id, q) : undefined,
      sql`${users.id} IN (SELECT ${purchases.userId} FROM ${purchases} WHERE ${purchases.reference} = ${reference})`,
      sql`${users.id} IN (SELECT ${withdrawals.userId} FROM ${withdrawals} WHERE ${withdrawals.reference} = ${reference})`,
      sql`${users.id} IN (SELECT ${listings.sellerId} FROM ${listings} WHERE ${listings.reference} = ${reference})`,
      sql`${users.id} IN (SELECT ${certificates.userId} FROM ${certificates} WHERE ${certificates.number} = ${reference})`,
    );
  }
  const column = { created_at: users.createdAt, email: users.email, last_name: users.lastName }[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(direction(column), direction(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    members: rows.map((row) => ({
      id: row.id,
      email: row.email,
      first_name: row.firstName,
      last_name: row.lastName,
      country: row.country,
      role: row.role,
      email_verified: row.emailVerifiedAt !== null,
      disabled: row.disabledAt !== null,
      created_at: row.createdAt.toISOString(),
    })),
    total: Number(total?.total ?? 0),
  };
}

/** `+33 •••• ••78`: the country code and the last 2 digits. */
function maskPhone(code: string, number: string): string {
  return `${code} ${'•'.repeat(Math.max(0, number.length - 2))}${number.slice(-2)}`;
}

/** `c•••@example.com`: the first letter and the domain. */
function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at <= 0 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}

async function memberRow(db: Executor, id: string): Promise<Member> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound('MemberNotFound');
  return row;
}

/** Everything support needs on one member, personal data masked unless the operator's role allows it. */
export async function memberPage(ctx: AppContext, role: OperatorRole, memberId: string): Promise<TAdminMemberPage> {
  const db = ctx.database.db;
  const member = await memberRow(db, memberId);
  const masked = !UNMASKED_ROLES.includes(role);
  const limit = MEMBER_PAGE_ROWS;
  const [bank, held, bought, listed, accounts, balances, payouts, signIns, notes] = await Promise.all([
    db.select().from(bankAccounts).where(eq(bankAccounts.userId, memberId)),
    queryRows<{ painting_id: string; title: string; parts: number; listed_parts: number }>(
      db,
      sql`SELECT h.painting_id, p.title_en AS title, sum(h.quantity)::int AS parts,
          coalesce(sum(h.quantity) FILTER (WHERE h.kind = 'listed'), 0)::int AS listed_parts
        FROM (
          SELECT e.painting_id, 'member' AS kind, e.quantity FROM part_entries e
          WHERE e.user_id = ${memberId} AND e.holder_kind = 'member'
          UNION ALL
          SELECT e.painting_id, 'listed' AS kind, e.quantity FROM part_entries e
          JOIN listings l ON l.id = e.listing_id WHERE l.seller_id = ${memberId} AND e.holder_kind = 'listed'
        ) h JOIN paintings p ON p.id = h.painting_id
        GROUP BY h.painting_id, p.title_en HAVING sum(h.quantity) > 0 ORDER BY p.title_en`,
    ),
    db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, memberId))
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(limit),
    db
      .select()
      .from(listings)
      .where(eq(listings.sellerId, memberId))
      .orderBy(desc(listings.createdAt), desc(listings.id))
      .limit(limit),
    db
      .select({ id: ledgerAccounts.id, currency: ledgerAccounts.currency })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'member_wallet'), eq(ledgerAccounts.userId, memberId))),
    walletBalances(db, memberId),
    db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.userId, memberId))
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(limit),
    db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, memberId))
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(limit),
    db
      .select({ note: memberNotes, authorEmail: users.email })
      .from(memberNotes)
      .innerJoin(users, eq(users.id, memberNotes.authorId))
      .where(eq(memberNotes.userId, memberId))
      .orderBy(desc(memberNotes.createdAt), desc(memberNotes.id)),
  ]);
  const accountIds = accounts.map((account) => account.id);
  const lines =
    accountIds.length === 0
      ? []
      : await db
          .select({ entry: ledgerEntries, transaction: ledgerTransactions })
          .from(ledgerEntries)
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
          .where(inArray(ledgerEntries.accountId, accountIds))
          .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
          .limit(limit);
  const [account] = bank;
  const phone = member.phoneCode && member.phoneNumber ? { code: member.phoneCode, number: member.phoneNumber } : null;
  return {
    profile: {
      id: member.id,
      email: member.email,
      first_name: member.firstName,
      last_name: member.lastName,
      country: member.country,
      birth_date: member.birthDate && masked ? '••••-••-••' : member.birthDate,
      phone: phone && (masked ? maskPhone(phone.code, phone.number) : `${phone.code} ${phone.number}`),
      paypal_email: member.paypalEmail && (masked ? maskEmail(member.paypalEmail) : member.paypalEmail),
      bank: account ? { account_owner: account.accountOwner, iban_last4: account.ibanLast4 } : null,
      language: member.language,
      currency: member.currency,
      role: member.role,
      created_at: member.createdAt.toISOString(),
      masked,
    },
    verification: {
      email_verified: member.emailVerifiedAt !== null,
      email_verified_at: member.emailVerifiedAt?.toISOString() ?? null,
      quick_sign_up: member.quickSignUp,
      disabled: member.disabledAt !== null,
      disabled_at: member.disabledAt?.toISOString() ?? null,
      disabled_reason: member.disabledReason,
      frozen: member.disabledReason === FROZEN_REASON,
      payout_hold_until: payoutHoldUntil(ctx, member)?.toISOString() ?? null,
    },
    holdings: held.map((row) => ({
      painting_id: row.painting_id,
      title: row.title,
      parts: Number(row.parts),
      listed_parts: Number(row.listed_parts),
    })),
    purchases: bought.map((row) => ({
      id: row.id,
      reference: row.reference,
      painting_id: row.paintingId,
      quantity: row.quantity,
      total: { value: toMajor(row.totalMinor), curr: row.currency },
      total_minor: row.totalMinor,
      payment_method: row.paymentMethod,
      market: row.market,
      status: row.status,
      created_at: row.createdAt.toISOString(),
    })),
    listings: listed.map((row) => ({
      id: row.id,
      reference: row.reference,
      painting_id: row.paintingId,
      quantity: row.quantity,
      remaining: row.remaining,
      unit_price: { value: toMajor(row.unitPriceMinor), curr: 'EURO' as const },
      unit_price_minor: row.unitPriceMinor,
      status: row.status,
      created_at: row.createdAt.toISOString(),
    })),
    wallet: {
      balances: balances.map((row) => ({ value: toMajor(row.balanceMinor), curr: row.currency })),
      balances_minor: balances.map((row) => ({ amount_minor: row.balanceMinor, curr: row.currency })),
      lines: lines.map(({ entry, transaction }) => ({
        transaction_id: transaction.id,
        reference: transaction.reference,
        description: transaction.description,
        amount: { value: toMajor(Number(entry.amountMinor)), curr: entry.currency },
        amount_minor: Number(entry.amountMinor),
        created_at: entry.createdAt.toISOString(),
      })),
    },
    withdrawals: payouts.map((row) => ({
      id: row.id,
      reference: row.reference,
      amount: { value: toMajor(row.amountMinor), curr: row.currency },
      amount_minor: row.amountMinor,
      account: row.account,
      status: row.releasedAt ? 'RELEASED' : row.status,
      created_at: row.createdAt.toISOString(),
    })),
    sessions: signIns.map((row) => ({
      id: row.id,
      device_type: row.deviceType,
      created_at: row.createdAt.toISOString(),
      revoked_at: row.revokedAt?.toISOString() ?? null,
      revoked_reason: row.revokedReason,
      second_factor: row.secondFactorAt !== null,
    })),
    notes: notes.map(({ note, authorEmail }) => ({
      id: note.id,
      text: note.text,
      author_email: authorEmail,
      created_at: note.createdAt.toISOString(),
    })),
  };
}

/** The account state an audit entry records before and after an action. */
function accountState(row: Pick<Member, 'disabledAt' | 'disabledReason'>) {
  return { disabled: row.disabledAt !== null, disabled_reason: row.disabledReason };
}

/** Locks a member (not an operator: operators are managed on their own page) for an account action. */
async function lockMember(tx: Executor, memberId: string): Promise<Member> {
  const [row] = await tx.select().from(users).where(eq(users.id, memberId)).for('update');
  if (!row) throw notFound('MemberNotFound');
  if (row.role !== 'member') throw new AppError(409, 'OperatorAccountProtected');
  return row;
}

/** Disables a member's account (nothing is deleted) and ends every session at once; audited. */
export async function disableMember(ctx: AppContext, operator: Member, memberId: string, reason: string) {
  await inTransaction(ctx.database.db, async (tx) => {
    const before = await lockMember(tx, memberId);
    if (before.disabledAt) throw new AppError(409, 'MemberAlreadyDisabled');
    const disabledReason = `operator: ${reason}`;
    await setAccountDisabled(tx, memberId, disabledReason);
    await revokeAllSessions(tx, memberId, 'account_disabled');
    await audit(tx, {
      actorId: operator.id,
      action: 'member.disable',
      targetType: 'user',
      targetId: memberId,
      before: accountState(before),
      after: { disabled: true, disabled_reason: disabledReason },
    });
  });
}

/** Enables a disabled account again (a freeze or the member's own deactivation included); audited. */
export async function enableMember(ctx: AppContext, operator: Member, memberId: string) {
  await inTransaction(ctx.database.db, async (tx) => {
    const before = await lockMember(tx, memberId);
    if (!before.disabledAt) throw new AppError(409, 'MemberNotDisabled');
    await setAccountDisabled(tx, memberId, null);
    await audit(tx, {
      actorId: operator.id,
      action: 'member.enable',
      targetType: 'user',
      targetId: memberId,
      before: accountState(before),
      after: { disabled: false, disabled_reason: null },
    });
  });
}

/** Sends the member a new email verification code (400 EmailAlreadyVerified when proved); audited. */
export async function resendVerification(ctx: AppContext, operator: Member, memberId: string) {
  const member = await memberRow(ctx.database.db, memberId);
  await sendEmailVerificationCode(ctx, member);
  await ctx.database.db.transaction((tx) =>
    audit(tx, {
      actorId: operator.id,
      action: 'member.resend_verification',
      targetType: 'user',
      targetId: memberId,
      before: { email_verified: false },
      after: { email_verified: false, code_sent: true },
    }),
  );
}

/** Ends every open session of the member (their next call signs them out); audited with the count. */
export async function signOutEverywhere(ctx: AppContext, operator: Member, memberId: string) {
  await inTransaction(ctx.database.db, async (tx) => {
    await lockMember(tx, memberId);
    const [open] = await tx
      .select({ total: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, memberId), sql`${sessions.revokedAt} IS NULL`));
    await revokeAllSessions(tx, memberId, 'operator_sign_out');
    await audit(tx, {
      actorId: operator.id,
      action: 'member.sign_out_everywhere',
      targetType: 'user',
      targetId: memberId,
      before: { open_sessions: Number(open?.total ?? 0) },
      after: { open_sessions: 0 },
    });
  });
}

/** Adds a support note (append-only: notes are never edited or deleted); audited. */
export async function addNote(ctx: AppContext, operator: Member, memberId: string, text: string) {
  return inTransaction(ctx.database.db, async (tx) => {
    await memberRow(tx, memberId);
    const [note] = await tx.insert(memberNotes).values({ userId: memberId, authorId: operator.id, text }).returning();
    if (!note) throw new Error('note not recorded');
    await audit(tx, {
      actorId: operator.id,
      action: 'member.note',
      targetType: 'user',
      targetId: memberId,
      after: { note_id: note.id, text },
    });
    return { id: note.id, text: note.text, author_email: operator.email, created_at: note.createdAt.toISOString() };
  });
}
