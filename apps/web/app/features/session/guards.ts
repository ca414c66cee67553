/**
 * Who may see which routes (spec §2, §6), as pure functions of the stored session.
 * - guest: /login, /register, /forgot, /connexion, /email-confirm — signed-in users go to /.
 * - member: /user/* — guests go to /login, unverified members to /verify-email.
 * - verify: /verify-email — guests go to /login, verified members to /.
 * - signed-in: /change-password — guests go to /login.
 */
export type RouteAccess = 'public' | 'guest' | 'member' | 'verify' | 'signed-in';

export type SessionFacts = {
  hasToken: boolean;
  /** The email-verified flag; null or undefined when unknown or unset. */
  iev: boolean | null | undefined;
};

export type AccessDecision = { redirect: string; reason?: 'verify-email' } | null;

export function decideAccess(access: RouteAccess, session: SessionFacts): AccessDecision {
  switch (access) {
    case 'public':
      return null;
    case 'guest':
      return session.hasToken ? { redirect: '/' } : null;
    case 'member':
      if (!session.hasToken) return { redirect: '/login' };
      return session.iev === true ? null : { redirect: '/verify-email', reason: 'verify-email' };
    case 'verify':
      if (!session.hasToken) return { redirect: '/login' };
      return session.iev === true ? { redirect: '/' } : null;
    case 'signed-in':
      return session.hasToken ? null : { redirect: '/login' };
  }
}
