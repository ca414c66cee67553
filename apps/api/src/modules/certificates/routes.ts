import {
  ZCertificateNumberParams,
  ZCertificatesQuery,
  ZCertificateVerifyData,
  ZFailure,
  ZMemberCertificatesData,
  ZSuccess,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import { certificatePdfFor, listCertificates, verifyCertificate } from './service';

const errors = { 400: ZFailure, 404: ZFailure, 429: ZFailure };

/**
 * Co-ownership certificates (spec §1, issue 5): public verification by number, and the member's own
 * certificates with their PDF. Certificates are issued by the purchase settlement (`issueCertificate`).
 */
export function certificateRoutes(app: App, ctx: AppContext) {
  const db = ctx.database.db;
  const baseUrl = ctx.config.mediaBaseUrl;
  const member = authenticate(ctx);
  const budget = ctx.config.rateLimitAuthPerMinute;

  app.get(
    '/certificates/verify/:number',
    {
      // Public: numbers carry 50 random bits, the limit keeps guessing (and load) in check.
      config: perIp(budget * 3),
      schema: {
        tags: ['certificates'],
        description:
          'Public check of a certificate number (PCL-YYYY-XXXXXXXXXX, Crockford base32, case-insensitive). ' +
          'The holder is shown as initials. Unknown and malformed numbers both answer 404 CertificateNotFound.',
        params: ZCertificateNumberParams,
        response: { 200: ZSuccess(ZCertificateVerifyData), ...errors },
      },
    },
    async (request) => ok({ ...(await verifyCertificate(db, request.params.number)), base_url: baseUrl }),
  );

  app.get(
    '/member/certificates',
    {
      config: perIp(budget * 3),
      preHandler: member,
      schema: {
        tags: ['certificates'],
        security: [{ bearer: [] }],
        querystring: ZCertificatesQuery,
        response: { 200: ZSuccess(ZMemberCertificatesData), 401: ZFailure, ...errors },
      },
    },
    async (request) => ok({ ...(await listCertificates(db, memberOf(request).id, request.query)), base_url: baseUrl }),
  );

  app.get(
    '/member/certificates/:number/pdf',
    {
      config: perIp(budget),
      preHandler: member,
      schema: {
        tags: ['certificates'],
        security: [{ bearer: [] }],
        description:
          'The PDF of one of the signed-in member’s certificates (application/pdf, attachment). ' +
          'Another member’s certificate answers 404, like an unknown one.',
        params: ZCertificateNumberParams,
        // The body is the PDF's bytes (a Buffer is sent as is, never serialised): documented, not validated.
        response: { 200: z.unknown().describe('application/pdf'), 401: ZFailure, ...errors },
      },
    },
    async (request, reply) => {
      const { number, bytes } = await certificatePdfFor(ctx, memberOf(request).id, request.params.number);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="certificate-${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );
}
