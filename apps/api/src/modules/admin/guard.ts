import type { OperatorRole } from '@parcelle/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { authenticate, memberOf, sessionOf } from '../../http/authenticate';
import { AppError } from '../../http/errors';
import { totpEnrolled } from '../auth/totp';
import { roleAllows, routeKey } from './roles';

/**
 * Signed in, an operator (role admin; members get 403 OperatorOnly), signed in with the second factor (an operator
 * without one enrolled, or a session opened without it, gets 403 TotpEnrolmentRequired), and holding a role that
 * ADMIN_ROUTE_ROLES allows for this route (403 OperatorRoleForbidden).
 */
export function requireOperator(ctx: AppContext) {
  const signedIn = authenticate(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn(request, reply);
    const member = memberOf(request);
    if (member.role !== 'admin') throw new AppError(403, 'OperatorOnly');
    const session = sessionOf(request);
    if (session.scope !== null || !session.secondFactorAt) throw new AppError(403, 'TotpEnrolmentRequired');
    if (!(await totpEnrolled(ctx, member.id))) throw new AppError(403, 'TotpEnrolmentRequired');
    if (!roleAllows(operatorRoleOf(request), routeKey(request.method, request.routeOptions.url ?? '')))
      throw new AppError(403, 'OperatorRoleForbidden');
  };
}

/** The role of the operator of a request that passed `requireOperator` (a missing role reads as no rights). */
export function operatorRoleOf(request: FastifyRequest): OperatorRole {
  const role = memberOf(request).operatorRole;
  if (!role) throw new AppError(403, 'OperatorOnly');
  return role;
}

/** An operator's session, with or without the second factor: enough to enrol one (and nothing else). */
export function requireOperatorEnrolling(ctx: AppContext) {
  const signedIn = authenticate(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn(request, reply);
    if (memberOf(request).role !== 'admin') throw new AppError(403, 'OperatorOnly');
  };
}
