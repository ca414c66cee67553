import { REAUTH_TTL_MS } from '@parcelle/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { sessions } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { badRequest, forbidden, unauthorized } from '../../http/errors';
import { verifyPassword } from './passwords';
import { admitSignIn } from './sign-in-throttle';

/**
 * "Sudo mode" (issue 12): before a change of email, phone or payout details the member types the current password
 * again. The proof is stamped on the session (`sessions.reauthenticated_at`), so it belongs to this sign-in only and
 * lasts 5 minutes. Wrong passwords are sign-in attempts on the account, throttled the same way.
 */
export async function reauthenticate(
  ctx: AppContext,
  member: Member,
  sessionId: string,
  password: string,
  ip: string,
): Promise<{ valid_until: string }> {
  // A wrong password here is a sign-in attempt on the account: the same throttle (growing delays, then a captcha).
  const ticket = await admitSignIn(ctx, { email: member.email, ip });
  if (!(await verifyPassword(member.passwordHash, password))) throw badRequest('PasswordIncorrect', 'password');
  await ticket.succeeded();
  const now = new Date();
  const [session] = await ctx.database.db
    .update(sessions)
    .set({ reauthenticatedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, member.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (!session) throw unauthorized('InvalidToken');
  return { valid_until: new Date(now.getTime() + REAUTH_TTL_MS).toISOString() };
}

/** Whether the session's password proof is younger than 5 minutes. */
export async function hasFreshProof(ctx: AppContext, sessionId: string, now = Date.now()): Promise<boolean> {
  const [row] = await ctx.database.db
    .select({ at: sessions.reauthenticatedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  const at = row?.at?.getTime();
  return at !== undefined && at <= now && now - at < REAUTH_TTL_MS;
}

/** preHandler after `authenticate`: 403 'ReauthenticationRequired' without a fresh password proof in this session. */
export function requireFreshProof(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.sessionId) throw unauthorized('InvalidToken');
    if (!(await hasFreshProof(ctx, request.sessionId))) throw forbidden('ReauthenticationRequired');
  };
}
