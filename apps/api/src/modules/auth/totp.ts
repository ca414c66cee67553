import { randomInt } from 'node:crypto';
import type { TSessionData } from '@parcelle/shared';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import type { AppConfig } from '../../config';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { operatorRecoveryCodes, operatorTotp, sessions, users } from '../../db/schema';
import type { Member, Session } from '../../http/authenticate';
import { AppError, badRequest, conflict, unauthorized } from '../../http/errors';
import { decryptSecret, encryptSecret } from '../account/secrets';
import { attemptWithinBudget } from './failure-budget';
import { revokeAllSessions, revokeOtherSessions } from './sessions';
import { hmac } from './tokens';

/**
 * The second factor of an account: operators' (issue 12, required) and members' (issue 17, optional, see
 * account/two-factor.ts) share these tables and this code. TOTP of RFC 6238 (SHA-1, 6 digits, 30 s steps, one step of clock drift
 * either way) through `otpauth`, and 10 single-use recovery codes stored HMAC-hashed. The TOTP secret is
 * encrypted at rest with the server secret. A code is accepted once: the step it belongs to is remembered and
 * the same or an earlier step is refused. Wrong codes count against the account (the sign-in attempt limiter).
 */
const ISSUER = 'Parcelle';
const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;
const CHALLENGE_TTL_SECONDS = 5 * 60;
const CHALLENGE_AUDIENCE = 'parcelle-totp-challenge';
const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const SECRET_PURPOSE = 'operator-totp';

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The step a valid code belongs to, or null. */
function matchingStep(totp: TOTP, code: string, now = Date.now()): number | null {
  const delta = totp.validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

function recoveryHash(config: AppConfig, code: string): string {
  return hmac(`recovery:${code.toLowerCase().replace(/[\s-]/g, '')}`, config.serverSecret);
}

function newRecoveryCode(): string {
  const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${Array.from({ length: 5 }, pick).join('')}-${Array.from({ length: 5 }, pick).join('')}`;
}

async function totpRow(db: Executor, userId: string) {
  const [row] = await db.select().from(operatorTotp).where(eq(operatorTotp.userId, userId));
  return row;
}

export async function totpEnrolled(ctx: AppContext, userId: string, db: Executor = ctx.database.db): Promise<boolean> {
  return Boolean((await totpRow(db, userId))?.confirmedAt);
}

// ---------------------------------------------------------------- sign-in

type Device = { deviceToken: string; deviceType: string };

/** A signed, five-minute challenge naming the operator who gave the right password, and the device. */
export function signTotpChallenge(config: AppConfig, params: { userId: string } & Device): Promise<string> {
  return new SignJWT({ dt: params.deviceToken, dv: params.deviceType })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(params.userId)
    .setIssuedAt()
    .setIssuer('parcelle')
    .setAudience(CHALLENGE_AUDIENCE)
    .setExpirationTime(`${CHALLENGE_TTL_SECONDS}s`)
    .sign(config.jwtSecret);
}

async function readChallenge(config: AppConfig, challenge: string): Promise<{ userId: string } & Device> {
  try {
    const { payload } = await jwtVerify(challenge, config.jwtSecret, {
      algorithms: ['HS256'],
      issuer: 'parcelle',
      audience: CHALLENGE_AUDIENCE,
    });
    if (typeof payload.sub !== 'string' || typeof payload.dt !== 'string' || typeof payload.dv !== 'string')
      throw new Error('challenge claims');
    return { userId: payload.sub, deviceToken: payload.dt, deviceType: payload.dv };
  } catch {
    throw unauthorized('TotpChallengeInvalid');
  }
}

/** Accepts a TOTP code once (conditional update on the last step used): a replayed code is refused. */
async function acceptTotpCode(db: Executor, config: AppConfig, userId: string, secretEncrypted: string, code: string) {
  const secret = decryptSecret(config.serverSecret, SECRET_PURPOSE, secretEncrypted, userId);
  const step = matchingStep(totpFor(secret, userId), code);
  if (step === null) return false;
  const claimed = await db
    .update(operatorTotp)
    .set({ lastUsedStep: step })
    .where(
      and(eq(operatorTotp.userId, userId), or(isNull(operatorTotp.lastUsedStep), lt(operatorTotp.lastUsedStep, step))),
    )
    .returning({ userId: operatorTotp.userId });
  return claimed.length > 0;
}

async function acceptRecoveryCode(db: Executor, config: AppConfig, userId: string, code: string) {
  const spent = await db
    .update(operatorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(operatorRecoveryCodes.userId, userId),
        eq(operatorRecoveryCodes.codeHash, recoveryHash(config, code)),
        isNull(operatorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: operatorRecoveryCodes.id });
  return spent.length > 0;
}

/**
 * Checks a second-factor code of an account whose factor is confirmed: 6 digits are a TOTP code (its step is then
 * used up: a replay is refused), anything else a recovery code (then spent). Each attempt is counted in the shared
 * counters before it is checked (`totp:<user>`, 10 per 15 minutes, then 429 whatever the code); a right one clears
 * them. `db` may be the
 * caller's transaction, so the code is spent only if the action commits.
 */
export async function acceptSecondFactor(
  ctx: AppContext,
  userId: string,
  code: string,
  options: { db?: Executor; field?: string; status?: 400 | 401 } = {},
): Promise<void> {
  const db = options.db ?? ctx.database.db;
  const row = await totpRow(db, userId);
  if (!row?.confirmedAt) throw badRequest('TwoFactorNotEnabled', options.field);
  const trimmed = code.trim();
  // The attempt is counted before the code is checked (issue 26): parallel guesses cannot outrun the budget.
  const accepted = await attemptWithinBudget(ctx, `totp:${userId}`, () =>
    /^\d{6}$/.test(trimmed)
      ? acceptTotpCode(db, ctx.config, userId, row.secretEncrypted, trimmed)
      : acceptRecoveryCode(db, ctx.config, userId, trimmed),
  );
  if (!accepted) throw new AppError(options.status ?? 400, 'TotpCodeInvalid', options.field);
}

/** Unused recovery codes of an account. */
export async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(operatorRecoveryCodes)
    .where(and(eq(operatorRecoveryCodes.userId, userId), isNull(operatorRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/**
 * `POST /auth/token/totp`: the challenge of `POST /auth/token` and a code (6 digits: TOTP; else a recovery code)
 * open a full operator session.
 */
export async function signInWithTotp(
  ctx: AppContext,
  params: { challenge: string; code: string },
  openSession: (user: Member, device: Device) => Promise<TSessionData>,
): Promise<TSessionData> {
  const claims = await readChallenge(ctx.config, params.challenge);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, claims.userId));
  if (user?.role !== 'admin') throw unauthorized('TotpChallengeInvalid');
  if (user.disabledAt) throw unauthorized('AccountDeactivated');
  if (!(await totpEnrolled(ctx, user.id))) throw unauthorized('TotpChallengeInvalid');
  await acceptSecondFactor(ctx, user.id, params.code, { status: 401 });
  return openSession(user, { deviceToken: claims.deviceToken, deviceType: claims.deviceType });
}

// ---------------------------------------------------------------- enrolment

/**
 * A new secret for an account (replacing an unconfirmed one), shown once with its otpauth:// URI; 409 when a factor
 * is already confirmed. `POST /admin/totp/enrol` (operators) and `POST /user/two-factor/enrol` (members).
 */
export async function startTotpEnrolment(ctx: AppContext, user: Pick<Member, 'id' | 'email'>) {
  const existing = await totpRow(ctx.database.db, user.id);
  if (existing?.confirmedAt) throw conflict('TotpAlreadyEnrolled');
  const secret = new Secret({ size: 20 }).base32;
  const secretEncrypted = encryptSecret(ctx.config.serverSecret, SECRET_PURPOSE, secret, user.id);
  await ctx.database.db
    .insert(operatorTotp)
    .values({ userId: user.id, secretEncrypted })
    .onConflictDoUpdate({
      target: operatorTotp.userId,
      set: { secretEncrypted, confirmedAt: null, lastUsedStep: null },
    });
  return { secret, otpauth_uri: totpFor(secret, user.email).toString() };
}

export const enrolTotp = startTotpEnrolment;

/**
 * A first code proves the app holds the secret: returns the step it belongs to (then used up by `activateTotp`).
 * Wrong codes count like any other second-factor code.
 */
export async function checkFirstCode(ctx: AppContext, user: Pick<Member, 'id' | 'email'>, code: string) {
  const row = await totpRow(ctx.database.db, user.id);
  if (row?.confirmedAt) throw conflict('TotpAlreadyEnrolled');
  if (!row) throw badRequest('TotpEnrolmentRequired');
  const secret = decryptSecret(ctx.config.serverSecret, SECRET_PURPOSE, row.secretEncrypted, user.id);
  const found: { step: number | null } = { step: null };
  const accepted = await attemptWithinBudget(ctx, `totp:${user.id}`, async () => {
    found.step = matchingStep(totpFor(secret, user.email), code);
    return found.step !== null;
  });
  if (!accepted || found.step === null) throw badRequest('TotpCodeInvalid', 'code');
  return found.step;
}

/**
 * Turns the factor on inside the caller's transaction (409 if another request did first) and replaces the
 * recovery codes: the ten new ones are returned once, only their hashes are kept.
 */
export async function activateTotp(tx: Executor, config: AppConfig, userId: string, step: number) {
  const confirmed = await tx
    .update(operatorTotp)
    .set({ confirmedAt: new Date(), lastUsedStep: step })
    .where(and(eq(operatorTotp.userId, userId), isNull(operatorTotp.confirmedAt)))
    .returning({ userId: operatorTotp.userId });
  if (confirmed.length === 0) throw new AppError(409, 'TotpAlreadyEnrolled');
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await spendRecoveryCodes(tx, userId);
  await tx
    .insert(operatorRecoveryCodes)
    .values(codes.map((value) => ({ userId, codeHash: recoveryHash(config, value) })));
  return codes;
}

/**
 * `POST /admin/totp/confirm`: a first code proves the app holds the secret. The factor counts from then on; this
 * session becomes a full operator session, every other session of the operator ends, and the recovery codes are
 * answered once (only their hashes are kept).
 */
export async function confirmTotp(ctx: AppContext, operator: Member, session: Session, code: string) {
  const step = await checkFirstCode(ctx, operator, code);
  const codes = await ctx.database.db.transaction(async (tx) => {
    const fresh = await activateTotp(tx, ctx.config, operator.id, step);
    await tx.update(sessions).set({ scope: null, secondFactorAt: new Date() }).where(eq(sessions.id, session.id));
    await revokeOtherSessions(tx, operator.id, session.id, 'second_factor_enrolled');
    return fresh;
  });
  return { recovery_codes: codes };
}

/** Removes an account's factor and spends its recovery codes, inside the caller's transaction. */
export async function removeTotp(tx: Executor, userId: string): Promise<void> {
  await tx.delete(operatorTotp).where(eq(operatorTotp.userId, userId));
  await spendRecoveryCodes(tx, userId);
}

async function spendRecoveryCodes(db: Executor, userId: string) {
  await db
    .update(operatorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(operatorRecoveryCodes.userId, userId), isNull(operatorRecoveryCodes.usedAt)));
}

/**
 * `npm run admin -- reset-2fa <email>` (a lost phone): removes the operator's factor and recovery codes and ends
 * every session; the next sign-in can only enrol a new factor.
 */
export async function resetTotp(db: Executor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await removeTotp(tx, userId);
    await revokeAllSessions(tx, userId, 'second_factor_reset');
  });
}
