import {
  ZAdminExitOffers,
  ZAdminExitOffersQuery,
  ZApproveExitOfferRequest,
  ZCastExitVoteRequest,
  ZCreateExitOfferRequest,
  ZExitOfferDetail,
  ZFailure,
  ZIdParams,
  ZMemberExitVote,
  ZMemberExitVotes,
  ZMemberExitVotesQuery,
  ZPastExits,
  ZRecordExitFundsRequest,
  ZSuccess,
} from '@parcelle/shared';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';
import { requireOperator } from '../admin/guard';
import { approveExitOffer } from './approve-offer';
import { castExitVote } from './cast-vote';
import { memberExitVotes } from './member-votes';
import { exitOfferDetail, listExitOffers } from './offers';
import { openExitVote } from './open-vote';
import { pastExits } from './past-exits';
import { recordExitFunds } from './record-funds';
import { recordExitOffer } from './record-offer';
import { resolveExitOffer } from './resolve-offer';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure };
const optionalDate = (value: string | undefined) => (value ? new Date(value) : undefined);

/**
 * Exit offers for operators (issue 17): record, open the vote, record the buyer's funds received, approve (a second
 * operator, issue 26), resolve (accepted: the sale is settled from the funds received).
 */
export function exitAdminRoutes(app: App, ctx: AppContext) {
  const operator = requireOperator(ctx);
  const db = ctx.database.db;
  const admin = { tags: ['admin'] };

  app.get(
    '/admin/exits',
    {
      onRequest: operator,
      schema: {
        ...admin,
        querystring: ZAdminExitOffersQuery,
        response: { 200: ZSuccess(ZAdminExitOffers), ...errors },
      },
    },
    async (request) => ok(await listExitOffers(db, request.query)),
  );

  app.post(
    '/admin/exits',
    {
      onRequest: operator,
      schema: {
        ...admin,
        description: 'Records a buyer’s offer for a whole work; members see it once the vote is opened.',
        body: ZCreateExitOfferRequest,
        response: { 200: ZSuccess(ZExitOfferDetail), ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      return ok(
        await recordExitOffer(ctx, memberOf(request), {
          paintingId: body.painting_id,
          buyerName: body.buyer_name,
          amountMinor: body.amount_minor,
          currency: body.currency,
          voteOpensAt: optionalDate(body.vote_opens_at),
          voteClosesAt: optionalDate(body.vote_closes_at),
          quorumBps: body.quorum_bps,
          majorityBps: body.majority_bps,
        }),
        'ExitOfferRecorded',
      );
    },
  );

  app.get(
    '/admin/exits/:id',
    {
      onRequest: operator,
      schema: { ...admin, params: ZIdParams, response: { 200: ZSuccess(ZExitOfferDetail), ...errors } },
    },
    async (request) => ok(await exitOfferDetail(db, request.params.id)),
  );

  app.post(
    '/admin/exits/:id/open',
    {
      onRequest: operator,
      schema: {
        ...admin,
        description: 'Opens the vote: the co-owners now, with their parts as weights, become its voters.',
        params: ZIdParams,
        response: { 200: ZSuccess(ZExitOfferDetail), ...errors },
      },
    },
    async (request) => ok(await openExitVote(ctx, memberOf(request), request.params.id), 'ExitVoteOpened'),
  );

  app.post(
    '/admin/exits/:id/funds',
    {
      onRequest: operator,
      schema: {
        ...admin,
        description:
          'Records the buyer’s money as received on Parcelle’s bank account (a reconciled incoming payment), into escrow.',
        params: ZIdParams,
        body: ZRecordExitFundsRequest,
        response: { 200: ZSuccess(ZExitOfferDetail), ...errors },
      },
    },
    async (request) =>
      ok(
        await recordExitFunds(ctx, memberOf(request), request.params.id, {
          amountMinor: request.body.amount_minor,
          bankReference: request.body.bank_reference,
        }),
        'ExitFundsRecorded',
      ),
  );

  app.post(
    '/admin/exits/:id/approve',
    {
      onRequest: operator,
      schema: {
        ...admin,
        description:
          'A second operator (never the recorder) approves the offer; a flagged offer needs acknowledge_appraisal_flag.',
        params: ZIdParams,
        body: ZApproveExitOfferRequest,
        response: { 200: ZSuccess(ZExitOfferDetail), ...errors },
      },
    },
    async (request) =>
      ok(
        await approveExitOffer(ctx, memberOf(request), request.params.id, {
          acknowledgeAppraisalFlag: request.body.acknowledge_appraisal_flag === true,
        }),
        'ExitApproved',
      ),
  );

  app.post(
    '/admin/exits/:id/resolve',
    {
      onRequest: operator,
      schema: {
        ...admin,
        description:
          'After the window: the tally decides. Accepted: the work is sold and holders paid, once. Rejected: closed.',
        params: ZIdParams,
        response: { 200: ZSuccess(ZExitOfferDetail), ...errors },
      },
    },
    async (request) => {
      const resolved = await resolveExitOffer(ctx, memberOf(request), request.params.id);
      return ok(resolved.offer, resolved.accepted ? 'ExitAccepted' : 'ExitRejected');
    },
  );
}

/** A co-owner's open votes and their vote (issue 17); only their own rows are read or written. */
export function exitMemberRoutes(app: App, ctx: AppContext) {
  const member = authenticate(ctx);
  const common = { tags: ['member'], security: [{ bearer: [] }] };

  app.get(
    '/member/exits',
    {
      preHandler: member,
      schema: {
        ...common,
        description: 'The open exit votes on works the member held when each vote opened.',
        querystring: ZMemberExitVotesQuery,
        response: { 200: ZSuccess(ZMemberExitVotes), ...errors },
      },
    },
    async (request) => {
      const votes = await memberExitVotes(ctx.database.db, memberOf(request).id, {
        paintingId: request.query.painting_id,
      });
      return ok({ votes });
    },
  );

  app.post(
    '/member/exits/:id/vote',
    {
      preHandler: member,
      schema: {
        ...common,
        description: 'Casts or changes the member’s vote while the vote is open.',
        params: ZIdParams,
        body: ZCastExitVoteRequest,
        response: { 200: ZSuccess(ZMemberExitVote), ...errors },
      },
    },
    async (request) =>
      ok(await castExitVote(ctx, memberOf(request), request.params.id, request.body.choice), 'ExitVoteCast'),
  );
}

/** The public record of past exits (issue 17). */
export function exitPublicRoutes(app: App, ctx: AppContext) {
  app.get('/exits', { schema: { tags: ['catalogue'], response: { 200: ZSuccess(ZPastExits), ...errors } } }, async () =>
    ok({ ...(await pastExits(ctx.database.db)), base_url: ctx.config.mediaBaseUrl }),
  );
}
