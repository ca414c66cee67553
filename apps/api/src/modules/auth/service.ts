import type { TLoginData, TSessionData } from '@parcelle/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { badRequest, forbidden, unauthorized } from '../../http/errors';
import { setPasswordHash } from '../account/users';
import { passwordChangedEmail, passwordResetEmail } from '../notifications/emails';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import {
  endSessionByRefreshToken,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  rotateRefreshToken,
  type SessionScope,
  startSession,
} from './sessions';
import { admitSignIn } from './sign-in-throttle';
import { newOpaqueToken, sha256 } from './tokens';
import { signTotpChallenge, totpEnrolled } from './totp';

const LINK_TTL_MS = { reset: 60 * 60 * 1000, set: 24 * 60 * 60 * 1000 } as const;

export async function sessionData(
  ctx: AppContext,
  user: Member,
  device: { deviceToken: string; deviceType: string },
  options: { scope?: SessionScope | null; secondFactor?: boolean } = {},
): Promise<TSessionData> {
  // An operator with a second factor gets a session only through it (POST /auth/token/totp), never by another
  // door (social sign-in).
  if (user.role === 'admin' && !options.secondFactor && (await totpEnrolled(ctx, user.id)))
    throw forbidden('OperatorPasswordSignInOnly');
  const scope = options.scope ?? (user.role === 'admin' && !options.secondFactor ? 'totp_enrolment' : null);
  const token = await startSession(ctx.database.db, ctx.config, {
    userId: user.id,
    ...device,
    scope,
    secondFactor: options.secondFactor,
    operator: user.role === 'admin',
  });
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
 * An operator whose second factor is enrolled gets a challenge instead of tokens; one without gets a session
 * that may only enrol it.
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
): Promise<TLoginData> {
  const ticket = await admitSignIn(ctx, { email: params.email, ip: params.ip, captcha: params.captcha });
  const user = await findUserByEmail(ctx, params.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash(ctx.config)), params.password);
  if (!user || !valid) throw unauthorized('InvalidCredentials');
  await ticket.succeeded();
  if (user.disabledAt) throw unauthorized('AccountDeactivated');
  if (user.role === 'admin' && (await totpEnrolled(ctx, user.id))) {
    return { totp_required: true, challenge: await signTotpChallenge(ctx.config, { userId: user.id, ...params }) };
  }
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
  const token = await issuePasswordLink(ctx.database.db, user.id, 'reset');
  const link = `${ctx.config.publicUrl}/reset-password/${token}`;
  await ctx.mailer.sendEmail({
    to: user.email,
    ...passwordResetEmail(user.language, { firstName: user.firstName, link }),
  });
}

type PasswordLinkPurpose = 'reset' | 'set';

/** A new single-use password link (reset: one hour; set, after a quick sign-up: 24 hours). Returns the token. */
export async function issuePasswordLink(db: Executor, userId: string, purpose: PasswordLinkPurpose): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(passwordResets).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + LINK_TTL_MS[purpose]),
  });
  return token;
}

/** Spends every live password link of a member: once the password is set, no older link may set it again. */
async function spendPasswordLinks(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

async function livePasswordLink(ctx: AppContext, token: string, purpose: PasswordLinkPurpose) {
  const [row] = await ctx.database.db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        eq(passwordResets.purpose, purpose),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    );
  if (!row || row.user.disabledAt) throw badRequest('ResetLinkInvalid');
  return row;
}

export async function verifyResetLink(ctx: AppContext, token: string): Promise<void> {
  await livePasswordLink(ctx, token, 'reset');
}

export async function verifyResetEmail(ctx: AppContext, email: string, token: string): Promise<void> {
  const row = await livePasswordLink(ctx, token, 'reset');
  if (row.user.email !== email) throw badRequest('ResetLinkInvalid');
}

/**
 * Sets the password from a link: the link (and every other live one of the member) is spent and every session
 * is signed out. A 'set' link (quick sign-up) also proves the mailbox, so it verifies the email.
 */
async function setPasswordFromLink(
  ctx: AppContext,
  row: Awaited<ReturnType<typeof livePasswordLink>>,
  newPassword: string,
  purpose: PasswordLinkPurpose,
) {
  const passwordHash = await hashPassword(newPassword, ctx.config);
  await ctx.database.db.transaction(async (tx) => {
    const spent = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, row.reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (spent.length === 0) throw badRequest('ResetLinkInvalid');
    await spendPasswordLinks(tx, row.user.id);
    // A first password comes by a link to the mailbox: it proves the email too.
    const proveEmail = purpose === 'set' ? { emailVerifiedAt: row.user.emailVerifiedAt ?? new Date() } : undefined;
    await setPasswordHash(tx, row.user.id, passwordHash, proveEmail);
    await revokeAllSessions(tx, row.user.id, purpose === 'set' ? 'password_set' : 'password_reset');
  });
  await ctx.mailer.sendEmail({
    to: row.user.email,
    ...passwordChangedEmail(row.user.language, { firstName: row.user.firstName }),
  });
}

/** Sets a new password from a reset link; the link names the member, an email sent with it must be theirs. */
export async function resetPassword(
  ctx: AppContext,
  params: { email: string | undefined; token: string; newPassword: string },
) {
  const row = await livePasswordLink(ctx, params.token, 'reset');
  if (params.email !== undefined && row.user.email !== params.email) throw badRequest('ResetLinkInvalid');
  await setPasswordFromLink(ctx, row, params.newPassword, 'reset');
}

export async function verifySetPasswordLink(ctx: AppContext, token: string): Promise<void> {
  await livePasswordLink(ctx, token, 'set');
}

/** The first password of a quick sign-up account, from the emailed link (it ends the session quick sign-up made). */
export async function setPassword(ctx: AppContext, params: { token: string; newPassword: string }) {
  const row = await livePasswordLink(ctx, params.token, 'set');
  await setPasswordFromLink(ctx, row, params.newPassword, 'set');
}

/** Changes the password of a signed-in member; other sessions are signed out and live links spent, this one stays. */
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
    await setPasswordHash(tx, member.id, passwordHash);
    await spendPasswordLinks(tx, member.id);
    await revokeOtherSessions(tx, member.id, sessionId, 'password_changed');
  });
  await ctx.mailer.sendEmail({
    to: member.email,
    ...passwordChangedEmail(member.language, { firstName: member.firstName }),
  });
}
