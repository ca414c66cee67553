import { OTP_LENGTH } from '@parcelle/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import { verificationCodes } from '../../db/schema';
import { AppError, badRequest } from '../../http/errors';
import { hmac, newNumericCode, safeEqual } from '../auth/tokens';

export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];

export const CODE_TTL_MS = 15 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

/**
 * Issues a new one-time code for a purpose, replacing any live one (one live code per purpose).
 * Returns the plain code for the message; only its keyed hash is stored, and it is never logged.
 */
export async function issueCode(
  db: Executor,
  config: AppConfig,
  params: { userId: string; purpose: CodePurpose; target?: string },
): Promise<string> {
  const code = newNumericCode(OTP_LENGTH);
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(verificationCodes.userId, params.userId),
          eq(verificationCodes.purpose, params.purpose),
          isNull(verificationCodes.consumedAt),
        ),
      );
    await tx.insert(verificationCodes).values({
      userId: params.userId,
      purpose: params.purpose,
      codeHash: hmac(`${params.purpose}:${params.userId}:${code}`, config.serverSecret),
      target: params.target ?? null,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
  });
  return code;
}

/**
 * Withdraws the live code of a purpose (its message could not be delivered): it can no longer be used, and the member
 * asks for a new one.
 */
export async function withdrawCode(db: Executor, params: { userId: string; purpose: CodePurpose }): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.userId, params.userId),
        eq(verificationCodes.purpose, params.purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

export type CodeCheck = {
  userId: string;
  purpose: CodePurpose;
  code: string;
  /** When given, the code must have been issued for this target (a new email or phone); else it counts as wrong. */
  target?: string;
  /**
   * When given, a code issued for a target must have been issued for this one (else it counts as wrong); a code
   * issued without a target is accepted (a withdrawal code asked for without its amount).
   */
  boundTo?: string;
  /** The request field named in a failure (default `code`). */
  field?: string;
};

/**
 * Checks a code and consumes it when right. A wrong code uses one attempt; after the last attempt,
 * or after expiry, the code is dead and a new one must be asked for. Returns the code's target.
 */
export function consumeCode(db: Executor, config: AppConfig, params: CodeCheck): Promise<{ target: string | null }> {
  return attemptCode(db, config, params, true);
}

/**
 * Checks a code without consuming it (a confirmation step before the change is applied): a wrong
 * code still uses an attempt, so checking cannot be used to guess.
 */
export function checkCode(db: Executor, config: AppConfig, params: CodeCheck): Promise<{ target: string | null }> {
  return attemptCode(db, config, params, false);
}

async function attemptCode(
  db: Executor,
  config: AppConfig,
  params: CodeCheck,
  consume: boolean,
): Promise<{ target: string | null }> {
  type Outcome =
    | { error: 'CodeInvalid' | 'CodeExpired' | 'CodeAttemptsExhausted'; target?: undefined }
    | { error?: undefined; target: string | null };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [live] = await tx
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.userId, params.userId),
          eq(verificationCodes.purpose, params.purpose),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .for('update');
    if (!live) return { error: 'CodeInvalid' as const };
    if (live.expiresAt.getTime() <= Date.now()) return { error: 'CodeExpired' as const };
    if (live.attempts >= CODE_MAX_ATTEMPTS) return { error: 'CodeAttemptsExhausted' as const };
    const expected = hmac(`${params.purpose}:${params.userId}:${params.code}`, config.serverSecret);
    const targetMatches =
      (params.target === undefined || live.target === params.target) &&
      (params.boundTo === undefined || live.target === null || live.target === params.boundTo);
    if (!safeEqual(expected, live.codeHash) || !targetMatches) {
      const attempts = live.attempts + 1;
      await tx
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, live.id));
      return { error: attempts >= CODE_MAX_ATTEMPTS ? ('CodeAttemptsExhausted' as const) : ('CodeInvalid' as const) };
    }
    if (consume) {
      await tx.update(verificationCodes).set({ consumedAt: new Date() }).where(eq(verificationCodes.id, live.id));
    }
    return { target: live.target };
  });
  // The failed attempt is committed before answering, so a wrong guess always counts.
  if (outcome.error === 'CodeAttemptsExhausted') throw new AppError(429, outcome.error);
  if (outcome.error) throw badRequest(outcome.error, params.field ?? 'code');
  return { target: outcome.target ?? null };
}
