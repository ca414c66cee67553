import {
  ZFailure,
  ZInvestmentWarningCheck,
  ZInvestmentWarningQuery,
  ZInvestorProfile,
  ZKnowledgeTestRequest,
  ZLossSimulationRequest,
  ZSophisticationRequest,
  ZSuccess,
  ZWarningAcknowledgement,
} from '@parcelle/shared';
import type { AppContext } from '../../context';
import { authenticate, memberOf, sessionOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';
import { requestSophistication } from './category';
import { acknowledgeRiskWarning, takeKnowledgeTest } from './knowledge-test';
import { simulateLoss } from './loss-simulation';
import { checkInvestmentWarning, investorProfile } from './member-profile';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure };

/**
 * The member's side of the investor protections (issue 30), under /api/user/investor: open to every signed-in member
 * (the gates stop buying, never the onboarding). Writes need a full session; each answer is the whole profile.
 */
export function investorRoutes(app: App, ctx: AppContext) {
  const reader = authenticate(ctx);
  const writer = authenticate(ctx, { access: 'contact' });
  const db = ctx.database.db;
  const rules = ctx.config.investor;

  app.get(
    '/user/investor',
    {
      preHandler: reader,
      schema: {
        tags: ['investor'],
        description:
          'The member’s investor category, knowledge test, loss simulation, what is missing before investing, the ' +
          'per-investment warning’s threshold (EUR minor units) and the warnings’ current texts.',
        response: { 200: ZSuccess(ZInvestorProfile), ...errors },
      },
    },
    async (request) => ok(await investorProfile(db, rules, memberOf(request).id)),
  );

  app.post(
    '/user/investor/knowledge-test',
    {
      preHandler: writer,
      schema: {
        tags: ['investor'],
        description:
          'The answers to the current questionnaire, scored by the server; a failed test needs the risk warning acknowledged.',
        body: ZKnowledgeTestRequest,
        response: { 200: ZSuccess(ZInvestorProfile), ...errors },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const test = await takeKnowledgeTest(db, member.id, member.language, request.body);
      return ok(
        await investorProfile(db, rules, member.id),
        test.passed ? 'KnowledgeTestPassed' : 'KnowledgeTestFailed',
      );
    },
  );

  app.post(
    '/user/investor/risk-warning',
    {
      preHandler: writer,
      schema: {
        tags: ['investor'],
        description:
          'Acknowledges the risk warning shown after a failed test (its version); recorded in the consent log.',
        body: ZWarningAcknowledgement,
        response: { 200: ZSuccess(ZInvestorProfile), ...errors },
      },
    },
    async (request) => {
      const member = memberOf(request);
      await acknowledgeRiskWarning(db, rules, member, request.body, sessionOf(request).id);
      return ok(await investorProfile(db, rules, member.id), 'WarningAcknowledged');
    },
  );

  app.post(
    '/user/investor/loss-simulation',
    {
      preHandler: writer,
      schema: {
        tags: ['investor'],
        description:
          'Yearly income, liquid assets and yearly commitments in the member’s currency (minor units); kept.',
        body: ZLossSimulationRequest,
        response: { 200: ZSuccess(ZInvestorProfile), ...errors },
      },
    },
    async (request) => {
      const member = memberOf(request);
      await simulateLoss(db, member.id, member.currency, request.body);
      return ok(await investorProfile(db, rules, member.id), 'LossSimulationSaved');
    },
  );

  app.post(
    '/user/investor/sophistication',
    {
      preHandler: writer,
      schema: {
        tags: ['investor'],
        description:
          'Asks to be treated as a sophisticated investor (Annex II criteria met, explained); decided by compliance.',
        body: ZSophisticationRequest,
        response: { 200: ZSuccess(ZInvestorProfile), ...errors },
      },
    },
    async (request) => {
      const member = memberOf(request);
      await db.transaction((tx) => requestSophistication(tx, rules, member.id, request.body));
      return ok(await investorProfile(db, rules, member.id), 'SophisticationRequested');
    },
  );

  app.get(
    '/user/investor/investment-warning',
    {
      preHandler: reader,
      schema: {
        tags: ['investor'],
        description:
          'Whether an investment of this amount needs the per-investment warning (the server checks again at purchase).',
        querystring: ZInvestmentWarningQuery,
        response: { 200: ZSuccess(ZInvestmentWarningCheck), ...errors },
      },
    },
    async (request) => ok(await checkInvestmentWarning(db, rules, memberOf(request).id, request.query)),
  );
}
