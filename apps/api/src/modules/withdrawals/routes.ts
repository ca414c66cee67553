import {
  ZFailure,
  ZSuccess,
  ZWithdrawal,
  ZWithdrawalCodeCheck,
  ZWithdrawalCodeRequest,
  ZWithdrawalEligibility,
  ZWithdrawalList,
  ZWithdrawalListParams,
  ZWithdrawalListQuery,
  ZWithdrawalRequest,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { badRequest } from '../../http/errors';
import { ok } from '../../http/reply';
import { type App, codeSendBudget, perIp } from '../../http/types';
import {
  checkWithdrawalCode,
  listWithdrawals,
  requestWithdrawal,
  sendWithdrawalCode,
  withdrawalData,
  withdrawalEligibility,
} from './service';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 429: ZFailure, 502: ZFailure };

/** The member's withdrawals (spec §4, §7): code by SMS, verify, store; lists of PENDING and APPROVED requests. */
export function withdrawalRoutes(app: App, ctx: AppContext) {
  const member = authenticate(ctx);
  // Money leaving: a full session and a verified email (spec §6, issue 12).
  const payee = authenticate(ctx, { access: 'money' });
  const codeLimit = perIp(codeSendBudget(ctx.config.rateLimitAuthPerMinute));

  app.post(
    '/member/withdrawal/code',
    {
      preHandler: payee,
      config: codeLimit,
      schema: {
        tags: ['withdrawals'],
        body: ZWithdrawalCodeRequest,
        response: { 200: ZSuccess(z.null()), ...errors },
      },
    },
    async (request) => {
      await sendWithdrawalCode(ctx, memberOf(request), request.body?.amount);
      return ok(null, 'OtpSentToPhone');
    },
  );

  app.post(
    '/member/withdrawal/verify-code',
    {
      preHandler: payee,
      config: perIp(Math.max(10, ctx.config.rateLimitAuthPerMinute)),
      schema: { tags: ['withdrawals'], body: ZWithdrawalCodeCheck, response: { 200: ZSuccess(z.null()), ...errors } },
    },
    async (request) => {
      await checkWithdrawalCode(ctx, memberOf(request), request.body.verification_code);
      return ok(null);
    },
  );

  app.post(
    '/member/withdrawal/store',
    {
      preHandler: payee,
      config: perIp(Math.max(10, ctx.config.rateLimitAuthPerMinute)),
      schema: { tags: ['withdrawals'], body: ZWithdrawalRequest, response: { 200: ZSuccess(ZWithdrawal), ...errors } },
    },
    async (request) =>
      ok(withdrawalData(await requestWithdrawal(ctx, memberOf(request), request.body)), 'WithdrawalSubmitted'),
  );

  app.get(
    '/member/withdrawal/eligibility',
    {
      preHandler: member,
      schema: { tags: ['withdrawals'], response: { 200: ZSuccess(ZWithdrawalEligibility), ...errors } },
    },
    async (request) => ok(await withdrawalEligibility(ctx, memberOf(request))),
  );

  app.get(
    '/member/withdrawal/:type',
    {
      preHandler: member,
      schema: {
        tags: ['withdrawals'],
        params: ZWithdrawalListParams,
        querystring: ZWithdrawalListQuery,
        response: { 200: ZSuccess(ZWithdrawalList), ...errors },
      },
    },
    async (request) => {
      const fromPath = request.params.type === 'list' ? undefined : request.params.type.toUpperCase();
      const status = request.query.status ?? fromPath;
      if (!status || (fromPath && request.query.status && fromPath !== request.query.status)) {
        throw badRequest('InvalidRequest', 'status');
      }
      return ok(
        await listWithdrawals(ctx.database.db, memberOf(request).id, {
          status: status as 'PENDING' | 'APPROVED' | 'REJECTED',
          limit: request.query.limit,
          offset: request.query.offset,
        }),
      );
    },
  );
}
