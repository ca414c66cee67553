import { randomInt } from 'node:crypto';
import type { TSessionData } from '@parcelle/shared';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import type { AppConfig } from '../../config';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { operatorRecoveryCodes, operatorTotp, sessions, users } from '../../db/schema';
import type { Member, Session } from '../../http/authenticate';
import { AppError, badRequest, conflict, tooManyRequests, unauthorized } from '../../http/errors';
import { decryptSecret, encryptSecret } from '../account/secrets';
import { clearFailures, failuresExhausted, recordFailure } from './failure-budget';
import { revokeAllSessions, revokeOtherSessions } from './sessions';
import { hmac } from './tokens';

/**
 * Operators' second factor (issue 12): TOTP of RFC 6238 (SHA-1, 6 digits, 30 s steps, one step of clock drift
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

export async function totpEnrolled(ctx: AppContext, userId: string): Promise<boolean> {
  return Boolean((await totpRow(ctx.database.db, userId))?.confirmedAt);
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
async function acceptTotpCode(ctx: AppContext, userId: string, secretEncrypted: string, code: string) {
  const secret = decryptSecret(ctx.config.serverSecret, SECRET_PURPOSE, secretEncrypted, userId);
  const step = matchingStep(totpFor(secret, userId), code);
  if (step === null) return false;
  const claimed = await ctx.database.db
    .update(operatorTotp)
    .set({ lastUsedStep: step })
    .where(
      and(eq(operatorTotp.userId, userId), or(isNull(operatorTotp.lastUsedStep), lt(operatorTotp.lastUsedStep, step))),
    )
    .returning({ userId: operatorTotp.userId });
  return claimed.length > 0;
}

async function acceptRecoveryCode(ctx: AppContext, userId: string, code: string) {
  const spent = await ctx.database.db
    .update(operatorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(operatorRecoveryCodes.userId, userId),
        eq(operatorRecoveryCodes.codeHash, recoveryHash(ctx.config, code)),
        isNull(operatorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: operatorRecoveryCodes.id });
  return spent.length > 0;
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
  const attemptsKey = `totp:${claims.userId}`;
  if (await failuresExhausted(ctx, attemptsKey)) throw tooManyRequests();
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, claims.userId));
  if (user?.role !== 'admin') throw unauthorized('TotpChallengeInvalid');
  if (user.disabledAt) throw unauthorized('AccountDeactivated');
  const row = await totpRow(ctx.database.db, user.id);
  if (!row?.confirmedAt) throw unauthorized('TotpChallengeInvalid');
  const code = params.code.trim();
  const accepted = /^\d{6}$/.test(code)
    ? await acceptTotpCode(ctx, user.id, row.secretEncrypted, code)
    : await acceptRecoveryCode(ctx, user.id, code);
  if (!accepted) {
    await recordFailure(ctx, attemptsKey);
    throw unauthorized('TotpCodeInvalid');
  }
  await clearFailures(ctx, attemptsKey);
  return openSession(user, { deviceToken: claims.deviceToken, deviceType: claims.deviceType });
}

// ---------------------------------------------------------------- enrolment

/** `POST /admin/totp/enrol`: a new secret (replacing an unconfirmed one), shown once with its otpauth:// URI. */
export async function enrolTotp(ctx: AppContext, operator: Member) {
  const existing = await totpRow(ctx.database.db, operator.id);
  if (existing?.confirmedAt) throw conflict('TotpAlreadyEnrolled');
  const secret = new Secret({ size: 20 }).base32;
  const secretEncrypted = encryptSecret(ctx.config.serverSecret, SECRET_PURPOSE, secret, operator.id);
  await ctx.database.db
    .insert(operatorTotp)
    .values({ userId: operator.id, secretEncrypted })
    .onConflictDoUpdate({
      target: operatorTotp.userId,
      set: { secretEncrypted, confirmedAt: null, lastUsedStep: null },
    });
  return { secret, otpauth_uri: totpFor(secret, operator.email).toString() };
}

/**
 * `POST /admin/totp/confirm`: a first code proves the app holds the secret. The factor counts from then on; this
 * session becomes a full operator session, every other session of the operator ends, and the recovery codes are
 * answered once (only their hashes are kept).
 */
export async function confirmTotp(ctx: AppContext, operator: Member, session: Session, code: string) {
  const attemptsKey = `totp:${operator.id}`;
  if (await failuresExhausted(ctx, attemptsKey)) throw tooManyRequests();
  const row = await totpRow(ctx.database.db, operator.id);
  if (row?.confirmedAt) throw conflict('TotpAlreadyEnrolled');
  if (!row) throw badRequest('TotpEnrolmentRequired');
  const secret = decryptSecret(ctx.config.serverSecret, SECRET_PURPOSE, row.secretEncrypted, operator.id);
  const step = matchingStep(totpFor(secret, operator.email), code);
  if (step === null) {
    await recordFailure(ctx, attemptsKey);
    throw badRequest('TotpCodeInvalid', 'code');
  }
  await clearFailures(ctx, attemptsKey);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await ctx.database.db.transaction(async (tx) => {
    const confirmed = await tx
      .update(operatorTotp)
      .set({ confirmedAt: new Date(), lastUsedStep: step })
      .where(and(eq(operatorTotp.userId, operator.id), isNull(operatorTotp.confirmedAt)))
      .returning({ userId: operatorTotp.userId });
    if (confirmed.length === 0) throw new AppError(409, 'TotpAlreadyEnrolled');
    await spendRecoveryCodes(tx, operator.id);
    await tx
      .insert(operatorRecoveryCodes)
      .values(codes.map((value) => ({ userId: operator.id, codeHash: recoveryHash(ctx.config, value) })));
    await tx.update(sessions).set({ scope: null, secondFactorAt: new Date() }).where(eq(sessions.id, session.id));
    await revokeOtherSessions(tx, operator.id, session.id, 'second_factor_enrolled');
  });
  return { recovery_codes: codes };
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
    await tx.delete(operatorTotp).where(eq(operatorTotp.userId, userId));
    await spendRecoveryCodes(tx, userId);
    await revokeAllSessions(tx, userId, 'second_factor_reset');
  });
}
