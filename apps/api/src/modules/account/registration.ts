import {
  type Currency,
  currencyForCountry,
  findCountry,
  type Language,
  type TRegisterParsed,
  type TSessionData,
  toE164,
} from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { badRequest, conflict } from '../../http/errors';
import { hashPassword } from '../auth/passwords';
import { findUserByEmail, issuePasswordLink, sessionData } from '../auth/service';
import { liftQuickSignUp, revokeOtherSessions } from '../auth/sessions';
import { newOpaqueToken } from '../auth/tokens';
import { consumeCode, issueCode } from '../codes/service';
import { quickSignUpEmail, signUpAttemptEmail, verificationCodeEmail } from '../notifications/emails';

/**
 * The unusable password of a member created by quick sign-up: random, never shown nor sent. The owner chooses
 * the real one through the emailed set-password link (or 'forgot password').
 */
function unusablePassword(): string {
  return `${newOpaqueToken()}!1`;
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

/**
 * Creates a member (either payload form of spec §3 arrives here already normalised), sends the email
 * verification code and signs them in. The currency follows the country: EURO in Europe, else USD.
 */
/** At most one "someone tried to sign up with your address" email per account and hour. */
const SIGN_UP_NOTICE_MS = 60 * 60_000;

/**
 * An address that already has an account (decision 222): the answer says so, as the spec's sign-up form expects
 * (spec §8: 'Email already exists…'), and the owner is told by email, at most once an hour.
 */
async function refuseTakenAddress(ctx: AppContext, owner: Member): Promise<never> {
  if (await ctx.counters.acquire(`sign-up-notice:${owner.id}`, SIGN_UP_NOTICE_MS)) {
    await ctx.mailer.sendEmail({
      to: owner.email,
      ...signUpAttemptEmail(owner.language, {
        firstName: owner.firstName,
        signInUrl: `${ctx.config.publicUrl}/login`,
        resetUrl: `${ctx.config.publicUrl}/forgot`,
      }),
    });
  }
  throw conflict('EmailAlreadyExists');
}

export async function register(ctx: AppContext, input: TRegisterParsed): Promise<TSessionData> {
  const existing = await findUserByEmail(ctx, input.email);
  if (existing) return refuseTakenAddress(ctx, existing);
  const language: Language = input.lang ?? 'en';
  const quick = input.quick_sign_up;
  let password: string;
  let details: Partial<typeof users.$inferInsert> = {};
  let currency: Currency = input.curr ?? 'USD';
  if (quick) {
    password = unusablePassword();
  } else {
    if (!findCountry(input.country)) throw badRequest('CountryRequired', 'country');
    if (!findCountry(input.slug)) throw badRequest('InvalidNumber', 'slug');
    password = input.password;
    currency = currencyForCountry(input.country);
    const e164 = toE164(input.country_code, input.number);
    const dial = `+${input.country_code.replace(/\D/g, '')}`;
    details = {
      country: input.country,
      birthDate: input.birth_date,
      phoneCode: dial,
      phoneNumber: e164.slice(dial.length),
      phoneSlug: input.slug,
    };
  }
  const passwordHash = await hashPassword(password, ctx.config);
  let user: Member | undefined;
  try {
    [user] = await ctx.database.db
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.first_name.trim(),
        lastName: input.last_name.trim(),
        currency,
        language,
        quickSignUp: quick,
        ...details,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('EmailAlreadyExists');
    throw error;
  }
  if (!user) throw new Error('user insert returned nothing');
  if (quick) {
    const token = await issuePasswordLink(ctx.database.db, user.id, 'set');
    await ctx.mailer.sendEmail({
      to: user.email,
      ...quickSignUpEmail(language, {
        firstName: user.firstName,
        setPasswordUrl: `${ctx.config.publicUrl}/set-password/${token}`,
      }),
    });
  }
  await sendEmailVerificationCode(ctx, user);
  // Quick sign-up's session may finish the purchase it was made for and nothing else that moves money or contact
  // details, until the owner proves the mailbox (set-password link or email code).
  return sessionData(
    ctx,
    user,
    { deviceToken: input.device_token, deviceType: input.device_type },
    { scope: quick ? 'quick_signup' : null },
  );
}

export async function sendEmailVerificationCode(ctx: AppContext, member: Member): Promise<void> {
  if (member.emailVerifiedAt) throw badRequest('EmailAlreadyVerified');
  const code = await issueCode(ctx.database.db, ctx.config, { userId: member.id, purpose: 'email_verification' });
  await ctx.mailer.sendEmail({
    to: member.email,
    ...verificationCodeEmail(member.language, { firstName: member.firstName, code }),
  });
}

/**
 * Confirms the email with the emailed code. Proving the mailbox ends every other session of the account (the one
 * a quick sign-up made included) and lifts the quick sign-up restriction of this one.
 */
export async function verifyEmail(ctx: AppContext, member: Member, sessionId: string, code: string): Promise<void> {
  if (member.emailVerifiedAt) throw badRequest('EmailAlreadyVerified');
  await consumeCode(ctx.database.db, ctx.config, { userId: member.id, purpose: 'email_verification', code });
  await ctx.database.db.transaction(async (tx) => {
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, member.id));
    await liftQuickSignUp(tx, sessionId);
    await revokeOtherSessions(tx, member.id, sessionId, 'email_verified');
  });
}
