import {
  findCountry,
  ibanLast4,
  type Language,
  phoneCountryOf,
  type TBankData,
  type TEmailUpdateData,
  type TProfile,
  toE164,
} from '@parcelle/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { bankAccounts, users } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest, conflict } from '../../http/errors';
import { revokeAllSessions } from '../auth/sessions';
import { checkCode, consumeCode, issueCode } from '../codes/service';
import { verificationCodeEmail } from '../notifications/emails';
import { codeSms, sendCodeSms } from '../notifications/sms';
import { requireVerified } from '../verification/gate';
import { buildProfile } from './profile';
import { decryptSecret, encryptSecret } from './secrets';
import {
  type ChannelProof,
  checkChannelCode,
  notifyPreviousChannels,
  payoutStepUp,
  spendChannelCode,
  startPayoutHold,
} from './security';
import { setAccountDisabled } from './users';

/** The signed-in member, their session (the password proof and the emailed code are bound to it). */
export type Actor = { member: Member; sessionId: string };
const proofOf = (actor: Actor, code: string | undefined): ChannelProof => ({ ...actor, code });

export const IBAN_PURPOSE = 'iban';

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

// ---------------------------------------------------------------- profile

export async function updateProfile(
  ctx: AppContext,
  member: Member,
  input: { first_name: string; last_name: string; country: string; birth_date: string },
): Promise<TProfile> {
  if (!findCountry(input.country)) throw badRequest('CountryRequired', 'country');
  // The display currency is the member's own choice from then on: it is not reset from the country.
  const [row] = await ctx.database.db
    .update(users)
    .set({
      firstName: input.first_name.trim(),
      lastName: input.last_name.trim(),
      country: input.country,
      birthDate: input.birth_date,
    })
    .where(eq(users.id, member.id))
    .returning();
  if (!row) throw new AppError(401, 'InvalidToken');
  return buildProfile(ctx, row);
}

// ---------------------------------------------------------------- email change

function memberPhone(member: Member): string | undefined {
  if (!member.phoneCode || !member.phoneNumber) return undefined;
  return toE164(member.phoneCode, member.phoneNumber);
}

async function emailTakenByAnother(ctx: AppContext, member: Member, email: string): Promise<boolean> {
  const [other] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, member.id)));
  return Boolean(other);
}

/**
 * Email change, spec §4: first a code goes by SMS to the member's phone (proof that the owner asks);
 * then the code applies the change. The new address starts unverified and gets its own emailed code;
 * every session ends, so the member signs in again with the new address. Issue 12: the route needs a fresh
 * password proof, the applying call also the code emailed to the current (verified) address, and the old address
 * and phone are told, with a freeze link.
 */
export async function updateEmail(
  ctx: AppContext,
  actor: Actor,
  input: { email: string; verification_code?: string | undefined; current_channel_code?: string | undefined },
): Promise<TEmailUpdateData> {
  const { member } = actor;
  const email = input.email.toLowerCase();
  if (email === member.email) throw badRequest('SameEmail', 'email');
  if (await emailTakenByAnother(ctx, member, email)) throw conflict('EmailAlreadyExists');
  const phone = memberPhone(member);
  if (!phone) throw badRequest('PhoneMissing', 'phone');

  if (input.verification_code === undefined) {
    const code = await issueCode(ctx.database.db, ctx.config, {
      userId: member.id,
      purpose: 'email_change',
      target: email,
    });
    await sendCodeSms(ctx, {
      userId: member.id,
      purpose: 'email_change',
      to: phone,
      text: codeSms(member.language, 'email_change', code),
    });
    return { code_sent: true };
  }

  const proof = proofOf(actor, input.current_channel_code);
  const channelChecked = await checkChannelCode(ctx, proof, 'email');
  await consumeCode(ctx.database.db, ctx.config, {
    userId: member.id,
    purpose: 'email_change',
    code: input.verification_code,
    target: email,
    field: 'verification_code',
  });
  if (channelChecked) await spendChannelCode(ctx, proof);
  let updated: Member | undefined;
  try {
    updated = await ctx.database.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, member.id)));
      if (taken) throw conflict('EmailAlreadyExists');
      const [row] = await tx
        .update(users)
        .set({ email, emailVerifiedAt: null, contactChangedAt: new Date() })
        .where(eq(users.id, member.id))
        .returning();
      await revokeAllSessions(tx, member.id, 'email_changed');
      return row;
    });
  } catch (error) {
    // The unique index settles a race between two members claiming the same address.
    if (isUniqueViolation(error)) throw conflict('EmailAlreadyExists');
    throw error;
  }
  if (!updated) throw new AppError(401, 'InvalidToken');
  await notifyPreviousChannels(ctx, member, 'email');
  const code = await issueCode(ctx.database.db, ctx.config, { userId: updated.id, purpose: 'email_verification' });
  await ctx.mailer.sendEmail({
    to: updated.email,
    ...verificationCodeEmail(updated.language, { firstName: updated.firstName, code }),
  });
  return { email: updated.email, iev: false, signed_out: true };
}

// ---------------------------------------------------------------- phone

type PhoneInput = { slug: string; country_code: string; number: string };

/** The number in E.164; `slug` (spec §7 leaves it out of POST /user/phone) is derived from the number when absent. */
function e164Of(input: { slug?: string | undefined; country_code: string; number: string }): string {
  const slug = input.slug ?? phoneCountryOf(input.country_code, input.number);
  if (slug === undefined || !findCountry(slug)) throw badRequest('InvalidNumber', input.slug ? 'slug' : 'number');
  return toE164(input.country_code, input.number);
}

function normalisePhone(input: PhoneInput) {
  if (!findCountry(input.slug)) throw badRequest('InvalidNumber', 'slug');
  const e164 = toE164(input.country_code, input.number);
  const dial = `+${input.country_code.replace(/\D/g, '')}`;
  return { e164, phoneCode: dial, phoneNumber: e164.slice(dial.length), phoneSlug: input.slug };
}

function assertNotSamePhone(member: Member, e164: string) {
  if (memberPhone(member) === e164) throw badRequest('SamePhone', 'number');
}

/** Sends a code by SMS to the new number (spec §4 "submit sends a code"). */
export async function sendPhoneCode(
  ctx: AppContext,
  member: Member,
  input: Omit<PhoneInput, 'slug'> & { slug?: string | undefined },
): Promise<void> {
  const phone = { e164: e164Of(input) };
  assertNotSamePhone(member, phone.e164);
  const code = await issueCode(ctx.database.db, ctx.config, {
    userId: member.id,
    purpose: 'phone_verification',
    target: phone.e164,
  });
  await sendCodeSms(ctx, {
    userId: member.id,
    purpose: 'phone_verification',
    to: phone.e164,
    text: codeSms(member.language, 'phone_verification', code),
  });
}

/** Confirms the code for that number without spending it; the update call spends it. */
export async function verifyPhoneCode(
  ctx: AppContext,
  member: Member,
  input: PhoneInput & { verification_code: string },
): Promise<void> {
  const phone = normalisePhone(input);
  await checkCode(ctx.database.db, ctx.config, {
    userId: member.id,
    purpose: 'phone_verification',
    code: input.verification_code,
    target: phone.e164,
    field: 'verification_code',
  });
}

/**
 * Applies a new number: with its code, or directly when the member has no phone yet (spec §4); in both cases with
 * the code emailed to the current address (issue 12). The previous email and phone are told.
 */
export async function updatePhone(
  ctx: AppContext,
  actor: Actor,
  input: PhoneInput & { verification_code?: string | undefined; current_channel_code?: string | undefined },
) {
  const { member } = actor;
  const phone = normalisePhone(input);
  assertNotSamePhone(member, phone.e164);
  const hasPhone = memberPhone(member) !== undefined;
  const proof = proofOf(actor, input.current_channel_code);
  await checkChannelCode(ctx, proof, 'phone');
  if (input.verification_code !== undefined) {
    await consumeCode(ctx.database.db, ctx.config, {
      userId: member.id,
      purpose: 'phone_verification',
      code: input.verification_code,
      target: phone.e164,
      field: 'verification_code',
    });
  } else if (hasPhone) {
    throw badRequest('OtpRequired', 'verification_code');
  }
  await spendChannelCode(ctx, proof);
  await ctx.database.db
    .update(users)
    .set({
      phoneCode: phone.phoneCode,
      phoneNumber: phone.phoneNumber,
      phoneSlug: phone.phoneSlug,
      contactChangedAt: new Date(),
    })
    .where(eq(users.id, member.id));
  await notifyPreviousChannels(ctx, member, 'phone');
  return { phone: { code: phone.phoneCode, number: phone.phoneNumber, slug: phone.phoneSlug }, ipe: false };
}

// ---------------------------------------------------------------- bank, PayPal

/**
 * Saves the bank account; the IBAN is encrypted at rest and never answered or logged in full. Needs the code emailed
 * to the current address, and the app's code when the member's second factor is on (issue 17). A change of the
 * payout destination is told to the previous email and phone and withdrawals wait (issue 12); the member's first
 * destination is not a change (issue 31).
 */
export async function saveBank(
  ctx: AppContext,
  actor: Actor,
  input: {
    account_owner: string;
    iban: string;
    current_channel_code?: string | undefined;
    totp_code?: string | undefined;
  },
): Promise<TBankData> {
  const { member } = actor;
  // Where payouts go is a money path: identity verified first (issue 29).
  await requireVerified(ctx.database.db, member.id);
  const stepUp = await payoutStepUp(ctx, actor, input);
  const values = {
    accountOwner: input.account_owner,
    ibanEncrypted: encryptSecret(ctx.config.serverSecret, IBAN_PURPOSE, input.iban, member.id),
    ibanLast4: ibanLast4(input.iban),
    updatedAt: new Date(),
  };
  const change = await ctx.database.db.transaction(async (tx) => {
    await stepUp.spend(tx);
    // The member's first payout destination is not a change (issue 31): no hold, no notice. Read under the row's
    // lock so that two first saves at once are one first save and one change.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, member.id)).for('update');
    const first = !(await hasPayoutDestination(tx, member.id));
    await tx
      .insert(bankAccounts)
      .values({ userId: member.id, ...values })
      .onConflictDoUpdate({ target: bankAccounts.userId, set: values });
    if (!first) await startPayoutHold(tx, member.id);
    return !first;
  });
  if (change) await notifyPreviousChannels(ctx, member, 'bank');
  return { account_owner: values.accountOwner, iban_last4: values.ibanLast4 };
}

/** Whether the member has saved a payout destination (a bank account or a PayPal address) before. */
export async function hasPayoutDestination(db: Executor, memberId: string): Promise<boolean> {
  const [bank] = await db
    .select({ id: bankAccounts.userId })
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, memberId));
  if (bank) return true;
  const [user] = await db.select({ paypal: users.paypalEmail }).from(users).where(eq(users.id, memberId));
  return Boolean(user?.paypal);
}

export async function getBank(ctx: AppContext, member: Member): Promise<TBankData | null> {
  const [row] = await ctx.database.db.select().from(bankAccounts).where(eq(bankAccounts.userId, member.id));
  return row ? { account_owner: row.accountOwner, iban_last4: row.ibanLast4 } : null;
}

/** The full IBAN, for the payout step only (withdrawals). Never sent to a client. */
export async function revealIban(ctx: AppContext, memberId: string): Promise<string | null> {
  const [row] = await ctx.database.db.select().from(bankAccounts).where(eq(bankAccounts.userId, memberId));
  return row ? decryptSecret(ctx.config.serverSecret, IBAN_PURPOSE, row.ibanEncrypted, memberId) : null;
}

/** Saves the PayPal address for withdrawals, under the same conditions as the bank account (issue 12). */
export async function savePaypal(
  ctx: AppContext,
  actor: Actor,
  input: { email: string; current_channel_code?: string | undefined; totp_code?: string | undefined },
) {
  const { member } = actor;
  // Where payouts go is a money path: identity verified first (issue 29).
  await requireVerified(ctx.database.db, member.id);
  const stepUp = await payoutStepUp(ctx, actor, input);
  const email = input.email.toLowerCase();
  const change = await ctx.database.db.transaction(async (tx) => {
    await stepUp.spend(tx);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, member.id)).for('update');
    const first = !(await hasPayoutDestination(tx, member.id));
    await tx
      .update(users)
      .set(first ? { paypalEmail: email } : { paypalEmail: email, contactChangedAt: new Date() })
      .where(eq(users.id, member.id));
    return !first;
  });
  if (change) await notifyPreviousChannels(ctx, member, 'paypal');
  return { paypal: { email } };
}

// ---------------------------------------------------------------- disable, language

/** Deactivates the account (nothing is deleted) and ends every session at once. */
export async function disableAccount(ctx: AppContext, member: Member, reason: string): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    await setAccountDisabled(tx, member.id, reason);
    await revokeAllSessions(tx, member.id, 'account_disabled');
  });
}

export async function setLanguage(ctx: AppContext, member: Member, lang: Language) {
  await ctx.database.db.update(users).set({ language: lang }).where(eq(users.id, member.id));
  return { lang };
}
