import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { preparedPerDatabase } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { WorkTurns } from '../db/turns';
import { keepOperatorSession } from '../modules/auth/sessions';
import { verifyAccessToken } from '../modules/auth/tokens';
import { forbidden, RetryLaterError, unauthorized } from './errors';

export type Member = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type AuthenticatedRequest = FastifyRequest & { member: Member; sessionId: string; session: Session };

declare module 'fastify' {
  interface FastifyRequest {
    member?: Member;
    sessionId?: string;
    session?: Session;
  }
}

/**
 * What a route does, which decides the sessions that may call it (issue 12, spec §6). One place for the rule:
 * - `read`: any open session of an active account (reads, sign-out, the profile's name and language);
 * - `contact`: changes a contact detail or the password: a full session (not a quick sign-up's, not an
 *   operator's still enrolling a second factor);
 * - `money`: moves money or parts, or changes where payouts go: a full session and a verified email;
 * - `purchase`: buys: a full session with a verified email, or the quick sign-up session finishing the one
 *   purchase it was made for (the purchase module checks which purchase, see `quick-signup.ts`).
 */
export type Access = 'read' | 'contact' | 'money' | 'purchase';

function checkAccess(access: Access, member: Member, session: Session): void {
  if (access === 'read') return;
  if (access === 'purchase' && session.scope === 'quick_signup') return;
  if (session.scope === 'quick_signup') throw forbidden('QuickSignUpRestricted');
  if (session.scope === 'totp_enrolment') throw forbidden('TotpEnrolmentRequired');
  if (access !== 'contact' && !member.emailVerifiedAt) throw forbidden('EmailNotVerified');
}

/** A token's session and member, as its claims name them. */
type SessionKey = { sessionId: string; userId: string };

/**
 * The sessions of any number of tokens with their members, the read every authenticated request makes: one prepared
 * statement (decisions 469 and 593), the same text for one token as for forty (an array of session ids, the primary
 * key's index); each row is then matched to its token's member (`readMemberSession`).
 */
const memberSessions = preparedPerDatabase((db) =>
  db
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.id} = any(${sql.placeholder('sessionIds')}::uuid[])`)
    .prepare('authenticate_member_sessions'),
);

/** Each process's reads of sessions taking turns (one line for every request), one per application context. */
const readsOf = new WeakMap<AppContext, WorkTurns<SessionKey, MemberSession | undefined>>();

type MemberSession = { user: Member; session: Session };

/**
 * Reads a token's member and session now, with the requests that arrive while another read runs (decision 593): one
 * read at a time per process, the requests that came meanwhile read together by the next one, each answered its own
 * row. Nothing is kept between requests: every request sees its session as the database has it after it arrived, so
 * a sign-out or a disabled account takes effect at once, as with a read per request.
 */
function readMemberSession(ctx: AppContext, key: SessionKey): Promise<MemberSession | undefined> {
  let reads = readsOf.get(ctx);
  if (!reads) {
    reads = new WorkTurns<SessionKey, MemberSession | undefined>(
      async (_line, keys) => {
        const rows = await memberSessions(ctx.database.db).execute({ sessionIds: keys.map((one) => one.sessionId) });
        const bySession = new Map(rows.map((row) => [row.session.id, row]));
        return keys.map((one) => {
          const row = bySession.get(one.sessionId);
          // A session is its member's only: a token naming another member with it finds nothing. Each request its
          // own copy: two requests of one session read together share no object.
          if (row?.user.id !== one.userId) return { value: undefined };
          return { value: { user: { ...row.user }, session: { ...row.session } } };
        });
      },
      { maxWaitMs: READ_WAIT_MS, busy: () => new RetryLaterError(1, 'ServerBusy', 503) },
    );
    readsOf.set(ctx, reads);
  }
  return reads.run('sessions', key);
}

/** How long a request may wait for its session's read to start before it is answered 503 ServerBusy. */
const READ_WAIT_MS = 10_000;

/**
 * Reads the Bearer token, checks its signature and expiry, then that the account is active (a disabled
 * account answers 'Account Deactivated', spec §8, whatever its sessions) and the session still open: a
 * sign-out, a password reset or a disabled account takes effect at once, not when the access token expires.
 * Then the route's `access` (above).
 */
export function authenticate(ctx: AppContext, options: { access?: Access } = {}) {
  const access = options.access ?? 'read';
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized('InvalidToken');
    const claims = await verifyAccessToken(match[1], ctx.config);
    const row = await readMemberSession(ctx, { sessionId: claims.sessionId, userId: claims.userId });
    if (!row) throw unauthorized('InvalidToken');
    if (row.user.disabledAt) throw unauthorized('AccountDeactivated');
    if (row.session.revokedAt) throw unauthorized('InvalidToken');
    // An operator's session ends 12 hours after sign-in, or after 30 minutes without use (issue 26).
    if (row.user.role === 'admin') await keepOperatorSession(ctx.database.db, ctx.config, row.session);
    checkAccess(access, row.user, row.session);
    request.member = row.user;
    request.sessionId = row.session.id;
    request.session = row.session;
  };
}

/** The signed-in member of a request that passed `authenticate`. */
export function memberOf(request: FastifyRequest): Member {
  if (!request.member) throw unauthorized('InvalidToken');
  return request.member;
}

/** The session of a request that passed `authenticate`. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized('InvalidToken');
  return request.session;
}
