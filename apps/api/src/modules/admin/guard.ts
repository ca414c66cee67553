import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { authenticate, memberOf, sessionOf } from '../../http/authenticate';
import { AppError } from '../../http/errors';
import { totpEnrolled } from '../auth/totp';

/**
 * Signed in, an operator (role admin; members get 403 OperatorOnly), and signed in with the second factor:
 * an operator without one enrolled, or a session opened without it, gets 403 TotpEnrolmentRequired.
 */
export function requireOperator(ctx: AppContext) {
  const signedIn = authenticate(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn(request, reply);
    if (memberOf(request).role !== 'admin') throw new AppError(403, 'OperatorOnly');
    const session = sessionOf(request);
    if (session.scope !== null || !session.secondFactorAt) throw new AppError(403, 'TotpEnrolmentRequired');
    if (!(await totpEnrolled(ctx, memberOf(request).id))) throw new AppError(403, 'TotpEnrolmentRequired');
  };
}

/** An operator's session, with or without the second factor: enough to enrol one (and nothing else). */
export function requireOperatorEnrolling(ctx: AppContext) {
  const signedIn = authenticate(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn(request, reply);
    if (memberOf(request).role !== 'admin') throw new AppError(403, 'OperatorOnly');
  };
}
