import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { AppError } from '../../http/errors';

/** Signed in, and an operator (role admin): members get 403 OperatorOnly. */
export function requireOperator(ctx: AppContext) {
  const signedIn = authenticate(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn(request, reply);
    if (memberOf(request).role !== 'admin') throw new AppError(403, 'OperatorOnly');
  };
}
