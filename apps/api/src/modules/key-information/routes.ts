import {
  type Language,
  ZAdminKeyInformation,
  ZFailure,
  ZIdParams,
  ZKeyInformationAcknowledge,
  ZKeyInformationParams,
  ZKeyInformationPdfParams,
  ZKeyInformationPublish,
  ZKeyInformationStatus,
  ZKeyInformationVersion,
  ZSuccess,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import { requireOperator } from '../admin/guard';
import { adminKeyInformation, versionView } from './admin';
import { renderKeyInformationPdf } from './pdf';
import { acknowledge, currentVersion, memberStatus, publishVersion, versionOf } from './service';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure };
const tags = ['key-information'];

/**
 * Key information documents (issue 30). Public: a work's current version and the PDF of any published version (the
 * document is the offer's public information). Member: their standing on the current version and the
 * acknowledgement. Console: the draft, the versions and publishing (catalogue role, audited).
 */
export function keyInformationRoutes(app: App, ctx: AppContext) {
  const db = ctx.database.db;
  const reader = authenticate(ctx);
  const operator = requireOperator(ctx);
  const pdfBudget = perIp(Math.max(30, ctx.config.rateLimitAuthPerMinute * 3));

  app.get(
    '/paintings/:paintingId/key-information',
    { schema: { tags, params: ZKeyInformationParams, response: { 200: ZSuccess(ZKeyInformationVersion), ...errors } } },
    async (request) => {
      const current = await currentVersion(db, request.params.paintingId);
      if (!current) throw notFound('KeyInformationNotFound');
      return ok(versionView(current));
    },
  );

  app.get(
    '/paintings/:paintingId/key-information/:version/:lang/pdf',
    {
      config: pdfBudget,
      schema: {
        tags,
        description: 'One published version as an A4 PDF of at most 6 pages (application/pdf, inline).',
        params: ZKeyInformationPdfParams,
        response: { 200: z.unknown().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const { paintingId, version: number, lang } = request.params;
      const version = await versionOf(db, paintingId, number);
      const bytes = await renderKeyInformationPdf({
        document: version.content[lang as Language],
        language: lang,
        version: version.version,
        publishedAt: version.publishedAt,
        contentHash: version.contentHash,
      });
      // A published version never changes: the same address always answers the same document.
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="key-information-v${version.version}-${lang}.pdf"`)
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(Buffer.from(bytes));
    },
  );

  app.get(
    '/user/key-information/:paintingId',
    {
      preHandler: reader,
      schema: { tags, params: ZKeyInformationParams, response: { 200: ZSuccess(ZKeyInformationStatus), ...errors } },
    },
    async (request) => ok(await memberStatus(db, memberOf(request).id, request.params.paintingId)),
  );

  // Any open session may acknowledge, the quick sign-up's included: it is reading, not paying.
  app.post(
    '/user/key-information/:paintingId/acknowledge',
    {
      preHandler: reader,
      schema: {
        tags,
        params: ZKeyInformationParams,
        body: ZKeyInformationAcknowledge,
        response: { 200: ZSuccess(ZKeyInformationStatus), ...errors },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const { paintingId } = request.params;
      await acknowledge(db, {
        userId: member.id,
        sessionId: request.sessionId ?? '',
        paintingId,
        versionId: request.body.version_id,
        language: request.body.language,
      });
      return ok(await memberStatus(db, member.id, paintingId), 'KeyInformationAcknowledged');
    },
  );

  app.get(
    '/admin/paintings/:id/key-information',
    {
      onRequest: operator,
      schema: { tags, params: ZIdParams, response: { 200: ZSuccess(ZAdminKeyInformation), ...errors } },
    },
    async (request) => ok(await adminKeyInformation(db, ctx.config, request.params.id)),
  );

  app.post(
    '/admin/paintings/:id/key-information',
    {
      onRequest: operator,
      schema: {
        tags,
        params: ZIdParams,
        body: ZKeyInformationPublish,
        response: { 200: ZSuccess(ZAdminKeyInformation), ...errors },
      },
    },
    async (request) => {
      const paintingId = request.params.id;
      await publishVersion(db, ctx.config, memberOf(request).id, paintingId, {
        draftHash: request.body.draft_hash,
        registrationNumber: request.body.registration_number ?? null,
      });
      ctx.catalogueChanges.changed({ kind: 'work', paintingId });
      return ok(await adminKeyInformation(db, ctx.config, paintingId), 'KeyInformationPublished');
    },
  );
}
