import type { TSessionData } from '@parcelle/shared';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { passwordResets, sessions, users } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { badRequest, unauthorized } from '../../http/errors';
import { passwordChangedEmail, passwordResetEmail } from '../notifications/emails';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import {
  endSessionByRefreshToken,
  revokeAllSessions,
  revokeSession,
  rotateRefreshToken,
  startSession,
} from './sessions';
import { admitSignIn } from './sign-in-throttle';
import { newOpaqueToken, sha256 } from './tokens';

const RESET_TTL_MS = 60 * 60 * 1000;

export async function sessionData(
  ctx: AppContext,
  user: Member,
  device: { deviceToken: string; deviceType: string },
): Promise<TSessionData> {
  const token = await startSession(ctx.database.db, ctx.config, { userId: user.id, ...device });
  return {
    access_token: token.access_token,
    refresh_token: token.refresh_token,
    token,
    lang: user.language,
    curr: user.currency,
    iev: user.emailVerifiedAt !== null,
  };
}

export async function findUserByEmail(ctx: AppContext, email: string): Promise<Member | undefined> {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

/**
 * Sign-in. The same answer for an unknown email and a wrong password. Attempts are throttled per account and per IP
 * (growing delays, then a captcha in the request: `sign-in-throttle.ts`); nothing ever locks the account.
 */
export async function login(
  ctx: AppContext,
  params: {
    email: string;
    password: string;
    deviceToken: string;
    deviceType: string;
    ip: string;
    captcha?: string | undefined;
  },
): Promise<TSessionData> {
  const ticket = await admitSignIn(ctx, { email: params.email, ip: params.ip, captcha: params.captcha });
  const user = await findUserByEmail(ctx, params.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash(ctx.config)), params.password);
  if (!user || !valid) throw unauthorized('InvalidCredentials');
  await ticket.succeeded();
  if (user.disabledAt) throw unauthorized('AccountDeactivated');
  return sessionData(ctx, user, params);
}

export function refresh(ctx: AppContext, refreshToken: string) {
  return rotateRefreshToken(ctx.database.db, ctx.config, refreshToken);
}

export async function logout(ctx: AppContext, member: Member, sessionId: string, refreshToken: string) {
  const ended = await endSessionByRefreshToken(ctx.database.db, member.id, refreshToken);
  // A client that lost its refresh token still signs out the session its access token belongs to.
  if (!ended) await revokeSession(ctx.database.db, sessionId, 'logout');
}

/** Sends a reset link when the account exists; answers the same either way (no account discovery). */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx, email);
  if (!user || user.disabledAt) return;
  const token = newOpaqueToken();
  await ctx.database.db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}/reset-password/${token}`;
  await ctx.mailer.sendEmail({
    to: user.email,
    ...passwordResetEmail(user.language, { firstName: user.firstName, link }),
  });
}

async function liveReset(ctx: AppContext, token: string) {
  const [row] = await ctx.database.db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    );
  if (!row || row.user.disabledAt) throw badRequest('ResetLinkInvalid');
  return row;
}

export async function verifyResetLink(ctx: AppContext, token: string): Promise<void> {
  await liveReset(ctx, token);
}

export async function verifyResetEmail(ctx: AppContext, email: string, token: string): Promise<void> {
  const row = await liveReset(ctx, token);
  if (row.user.email !== email) throw badRequest('ResetLinkInvalid');
}

/** Sets a new password from a reset link: the link is spent and every session is signed out. */
export async function resetPassword(ctx: AppContext, params: { email: string; token: string; newPassword: string }) {
  const row = await liveReset(ctx, params.token);
  if (row.user.email !== params.email) throw badRequest('ResetLinkInvalid');
  const passwordHash = await hashPassword(params.newPassword, ctx.config);
  await ctx.database.db.transaction(async (tx) => {
    const spent = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, row.reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (spent.length === 0) throw badRequest('ResetLinkInvalid');
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.user.id));
    await revokeAllSessions(tx, row.user.id, 'password_reset');
  });
  await ctx.mailer.sendEmail({
    to: row.user.email,
    ...passwordChangedEmail(row.user.language, { firstName: row.user.firstName }),
  });
}

/** Changes the password of a signed-in member; other sessions are signed out, this one stays. */
export async function changePassword(
  ctx: AppContext,
  member: Member,
  sessionId: string,
  params: { oldPassword: string; newPassword: string },
) {
  if (!(await verifyPassword(member.passwordHash, params.oldPassword)))
    throw badRequest('OldPasswordWrong', 'old_password');
  if (params.oldPassword === params.newPassword) throw badRequest('NewPasswordSameAsOld', 'new_password');
  const passwordHash = await hashPassword(params.newPassword, ctx.config);
  await ctx.database.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, member.id));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'password_changed' })
      .where(and(eq(sessions.userId, member.id), isNull(sessions.revokedAt), ne(sessions.id, sessionId)));
  });
  await ctx.mailer.sendEmail({
    to: member.email,
    ...passwordChangedEmail(member.language, { firstName: member.firstName }),
  });
}
