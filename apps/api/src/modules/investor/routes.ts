import {
  ZFailure,
  ZInvestmentWarningCheck,
  ZInvestmentWarningQuery,
  ZInvestorProfile,
  ZKnowledgeTestRequest,
  ZLossSimulationRequest,
  ZSophisticationDocumentParams,
  ZSophisticationRequest,
  ZSophisticationRequestParams,
  ZSuccess,
  ZWarningAcknowledgement,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authenticate, memberOf, sessionOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import { readDocumentUpload } from '../verification/documents';
import { requestSophistication } from './category';
import { attachEvidence, openOwnEvidence, sendEvidence } from './evidence';
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
  // Uploads cost memory and a decode: bounded per address as the identity documents' uploads are.
  const uploads = perIp(Math.max(30, ctx.config.rateLimitAuthPerMinute * 3));

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

  app.post(
    '/user/investor/sophistication/:id/documents',
    {
      config: uploads,
      preHandler: writer,
      schema: {
        tags: ['investor'],
        consumes: ['multipart/form-data'],
        description:
          'Attaches evidence (Annex II) to the member’s own pending request. Multipart, the file in `file`: JPEG, PNG ' +
          'or PDF by its content, 10 MB at most, images at least 600×400 px; 10 files a request. Encrypted at rest; ' +
          'read only by the member and compliance. 404 for another member’s request, 409 once decided.',
        params: ZSophisticationRequestParams,
        response: { 200: ZSuccess(ZInvestorProfile), 413: ZFailure, ...errors },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const upload = await readDocumentUpload(request);
      await attachEvidence(ctx, member.id, request.params.id, upload);
      return ok(await investorProfile(db, rules, member.id), 'SophisticationDocumentSaved');
    },
  );

  app.get(
    '/user/investor/sophistication/:id/documents/:docId',
    {
      preHandler: reader,
      schema: {
        tags: ['investor'],
        description: 'One of the member’s own evidence files, decrypted; anyone else’s answers 404.',
        params: ZSophisticationDocumentParams,
        response: { 200: z.any().describe('image/jpeg, image/png or application/pdf'), ...errors },
      },
    },
    async (request, reply) =>
      sendEvidence(reply, await openOwnEvidence(ctx, memberOf(request).id, request.params.id, request.params.docId)),
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
