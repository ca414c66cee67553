import type { TTokenPair } from '@parcelle/shared';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { type Executor, queryRows } from '../../db/client';
import { refreshTokens, sessions, users } from '../../db/schema';
import { unauthorized } from '../../http/errors';
import { newOpaqueToken, sha256, signAccessToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often an operator's use of a session is written down (the idle timeout is measured to this much). */
const LAST_SEEN_STEP_MS = 60 * 1000;

export type SessionScope = NonNullable<(typeof sessions.$inferSelect)['scope']>;
type SessionTimes = { createdAt: Date; lastSeenAt: Date | null };

/**
 * Whether an operator's session is over (issue 26): OPERATOR_SESSION_HOURS after it started, whatever happens, or
 * OPERATOR_IDLE_MINUTES after its last use. The operator then signs in again, password and TOTP.
 */
export function operatorSessionEnded(config: AppConfig, session: SessionTimes, now = Date.now()): boolean {
  if (now - session.createdAt.getTime() >= config.operatorSessions.absoluteMs) return true;
  return now - (session.lastSeenAt ?? session.createdAt).getTime() >= config.operatorSessions.idleMs;
}

/**
 * A refresh token's end: REFRESH_TOKEN_TTL_DAYS for a member; for an operator, the idle timeout from now (a token not
 * used within it is worth nothing anyway), never past the session's absolute end.
 */
function refreshTokenExpiry(config: AppConfig, operatorSession: { createdAt: Date } | null): Date {
  const now = Date.now();
  if (!operatorSession) return new Date(now + config.refreshTokenTtlDays * DAY_MS);
  const end = operatorSession.createdAt.getTime() + config.operatorSessions.absoluteMs;
  return new Date(Math.min(now + config.operatorSessions.idleMs, end));
}

async function issueRefreshToken(
  db: Executor,
  config: AppConfig,
  sessionId: string,
  operatorSession: { createdAt: Date } | null,
): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash: sha256(token),
    expiresAt: refreshTokenExpiry(config, operatorSession),
  });
  return token;
}

/**
 * An operator's request on an open session: a session past its lifetime or idle too long is ended (revoked, 401
 * OperatorSessionExpired); otherwise its use is written down (at most once a minute).
 */
export async function keepOperatorSession(
  db: Executor,
  config: AppConfig,
  session: SessionTimes & { id: string },
): Promise<void> {
  const now = Date.now();
  if (operatorSessionEnded(config, session, now)) {
    await revokeSession(db, session.id, 'operator_session_expired');
    throw unauthorized('OperatorSessionExpired');
  }
  if (now - (session.lastSeenAt ?? session.createdAt).getTime() >= LAST_SEEN_STEP_MS)
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, session.id));
}

async function tokenPair(
  config: AppConfig,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<TTokenPair> {
  return {
    access_token: await signAccessToken({ userId, sessionId }, config),
    refresh_token: refreshToken,
    token_type: 'Bearer',
    expires_in: config.accessTokenTtlSeconds,
  };
}

/** Starts a session on a device: a new refresh-token family and a first access token. */
export async function startSession(
  db: Executor,
  config: AppConfig,
  params: {
    userId: string;
    deviceToken: string;
    deviceType: string;
    /** A restricted session (quick sign-up, operator enrolling a second factor); none by default. */
    scope?: SessionScope | null;
    /** The operator proved a second factor for this sign-in. */
    secondFactor?: boolean;
    /** An operator's session: a short refresh token, an absolute lifetime and an idle timeout (issue 26). */
    operator?: boolean;
  },
): Promise<TTokenPair> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        userId: params.userId,
        deviceToken: params.deviceToken,
        deviceType: params.deviceType,
        scope: params.scope ?? null,
        secondFactorAt: params.secondFactor ? new Date() : null,
        // Set from the process's clock, as the lifetime and the idle timeout are measured.
        createdAt: new Date(),
      })
      .returning({ id: sessions.id, createdAt: sessions.createdAt });
    if (!session) throw new Error('session insert returned nothing');
    const refresh = await issueRefreshToken(tx, config, session.id, params.operator ? session : null);
    return tokenPair(config, params.userId, session.id, refresh);
  });
}

/**
 * Exchanges a refresh token for a new pair. Each token works once: the conditional update lets only
 * one concurrent caller win; presenting an already-used token means it leaked (or two clients raced),
 * so the whole session is revoked and both must sign in again.
 */
export async function rotateRefreshToken(db: Executor, config: AppConfig, presented: string): Promise<TTokenPair> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, session: sessions, user: users })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, sha256(presented)));
    if (!row) return { error: 'TokenDoesNotExist' as const };
    // A disabled account says so (spec §8), even though disabling it also ended its sessions.
    if (row.user.disabledAt) return { error: 'AccountDeactivated' as const };
    if (row.session.revokedAt) return { error: 'TokenDoesNotExist' as const };
    if (row.token.expiresAt.getTime() <= Date.now()) return { error: 'TokenDoesNotExist' as const };
    const operator = row.user.role === 'admin';
    if (operator && operatorSessionEnded(config, row.session)) {
      await revokeSession(tx, row.session.id, 'operator_session_expired');
      return { error: 'OperatorSessionExpired' as const };
    }
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'refresh_token_reuse' })
        .where(and(eq(sessions.id, row.session.id), isNull(sessions.revokedAt)));
      return { error: 'TokenDoesNotExist' as const };
    }
    if (operator) await tx.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.session.id));
    const refresh = await issueRefreshToken(tx, config, row.session.id, operator ? row.session : null);
    return { pair: await tokenPair(config, row.user.id, row.session.id, refresh) };
  });
  if ('error' in outcome) throw unauthorized(outcome.error);
  return outcome.pair;
}

/** Ends the session a refresh token belongs to; only the token's own member can end it. */
export async function endSessionByRefreshToken(db: Executor, userId: string, presented: string): Promise<boolean> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(and(eq(refreshTokens.tokenHash, sha256(presented)), eq(sessions.userId, userId)));
  if (!row) return false;
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'logout' })
    .where(and(eq(sessions.id, row.sessionId), isNull(sessions.revokedAt)));
  return true;
}

export async function revokeSession(db: Executor, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a member (password reset, email change, account disabled). */
export async function revokeAllSessions(db: Executor, userId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Ends every session of a member but one (password changed, email verified, second factor enrolled). */
export async function revokeOtherSessions(db: Executor, userId: string, keepSessionId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
}

/**
 * A quick sign-up session (scope 'quick_signup') may buy once (spec §2, issue 12): in the reservation's transaction,
 * binds each purchase to its session, one UPDATE for a batch of reservations. Answers the purchases bound; a session
 * that already had one (a race lost) binds none.
 */
export async function bindPurchasesToSessions(
  tx: Executor,
  bindings: readonly { sessionId: string; purchaseId: string }[],
): Promise<Set<string>> {
  if (bindings.length === 0) return new Set();
  const values = sql.join(
    bindings.map((b) => sql`(${b.sessionId}::uuid, ${b.purchaseId}::uuid)`),
    sql`, `,
  );
  const rows = await queryRows<{ purchase_id: string }>(
    tx,
    sql`UPDATE sessions s SET scope_purchase_id = v.purchase_id FROM (VALUES ${values}) AS v(id, purchase_id)
      WHERE s.id = v.id AND s.scope = 'quick_signup' AND s.scope_purchase_id IS NULL
      RETURNING s.scope_purchase_id AS purchase_id`,
  );
  return new Set(rows.map((row) => row.purchase_id));
}

/** A proven mailbox lifts a quick sign-up session's restriction (it becomes an ordinary session). */
export async function liftQuickSignUp(tx: Executor, sessionId: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ scope: null, scopePurchaseId: null })
    .where(and(eq(sessions.id, sessionId), eq(sessions.scope, 'quick_signup')));
}
