import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { sessions, users } from '../db/schema';
import { verifyAccessToken } from '../modules/auth/tokens';
import { AppError, unauthorized } from './errors';

export type Member = typeof users.$inferSelect;
export type AuthenticatedRequest = FastifyRequest & { member: Member; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    member?: Member;
    sessionId?: string;
  }
}

/**
 * Reads the Bearer token, checks its signature and expiry, then that its session is still open and
 * the account active: a sign-out, a password reset or a disabled account takes effect at once,
 * not when the access token expires.
 */
export function authenticate(ctx: AppContext, options: { requireVerifiedEmail?: boolean } = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized('InvalidToken');
    const claims = await verifyAccessToken(match[1], ctx.config);
    const [row] = await ctx.database.db
      .select({ user: users, session: sessions })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId)));
    if (!row || row.session.revokedAt) throw unauthorized('InvalidToken');
    if (row.user.disabledAt) throw unauthorized('AccountDeactivated');
    if (options.requireVerifiedEmail && !row.user.emailVerifiedAt) throw new AppError(403, 'Forbidden');
    request.member = row.user;
    request.sessionId = row.session.id;
  };
}

/** The signed-in member of a request that passed `authenticate`. */
export function memberOf(request: FastifyRequest): Member {
  if (!request.member) throw unauthorized('InvalidToken');
  return request.member;
}
