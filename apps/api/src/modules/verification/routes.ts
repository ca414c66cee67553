import {
  ZFailure,
  ZSuccess,
  ZVerificationDeclaration,
  ZVerificationExport,
  ZVerificationProviderSession,
  ZVerificationStatus,
} from '@parcelle/shared';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import { readDocumentUpload } from './documents';
import { exportVerification } from './export';
import { addDocument, saveDeclaration, verificationStatus } from './member-verification';
import { openProviderSession } from './providers/provider-flow';
import { screenAtSubmission } from './screening';
import { submitVerification } from './submit-verification';

const errors = {
  400: ZFailure,
  401: ZFailure,
  403: ZFailure,
  404: ZFailure,
  409: ZFailure,
  429: ZFailure,
  503: ZFailure,
};

/**
 * The member's side of identity verification (issue 29), under /api/user/verification: open to every signed-in member
 * (the gates stop money, never the verification itself). Writes need a full session.
 */
export function verificationRoutes(app: App, ctx: AppContext) {
  const reader = authenticate(ctx);
  const writer = authenticate(ctx, { access: 'contact' });
  // Uploads cost memory and a decode: bounded per address like the other money-adjacent routes.
  const uploads = perIp(Math.max(30, ctx.config.rateLimitAuthPerMinute * 3));

  app.get(
    '/user/verification',
    {
      preHandler: reader,
      schema: {
        tags: ['verification'],
        description: 'Where the member stands, what they declared and sent, and what is missing before submitting.',
        response: { 200: ZSuccess(ZVerificationStatus), ...errors },
      },
    },
    async (request) => ok(await verificationStatus(ctx, memberOf(request))),
  );

  app.put(
    '/user/verification',
    {
      preHandler: writer,
      schema: {
        tags: ['verification'],
        description: 'Saves the declared data, whole. Refused (409) once the case is submitted.',
        body: ZVerificationDeclaration,
        response: { 200: ZSuccess(ZVerificationStatus), ...errors },
      },
    },
    async (request) => ok(await saveDeclaration(ctx, memberOf(request), request.body), 'VerificationSaved'),
  );

  app.post(
    '/user/verification/documents',
    {
      config: uploads,
      preHandler: writer,
      schema: {
        tags: ['verification'],
        consumes: ['multipart/form-data'],
        description:
          'Multipart: the file in `file` (JPEG, PNG or PDF by its content, 10 MB at most, images at least 600×400 px) ' +
          'and `kind` (identity_front, identity_back, proof_of_address). Encrypted at rest; never public.',
        response: { 200: ZSuccess(ZVerificationStatus), 413: ZFailure, ...errors },
      },
    },
    async (request) => {
      const upload = await readDocumentUpload(request);
      return ok(await addDocument(ctx, memberOf(request), upload), 'VerificationDocumentSaved');
    },
  );

  app.post(
    '/user/verification/submit',
    {
      preHandler: writer,
      schema: {
        tags: ['verification'],
        description: 'Sends the complete case for review; 400 VerificationIncomplete while something is missing.',
        response: { 200: ZSuccess(ZVerificationStatus), ...errors },
      },
    },
    async (request) =>
      ok(await submitVerification(ctx, memberOf(request), { screen: screenAtSubmission }), 'VerificationSubmitted'),
  );

  app.post(
    '/user/verification/provider-session',
    {
      config: uploads,
      preHandler: writer,
      schema: {
        tags: ['verification'],
        description:
          'Opens the hosted identity check of the configured provider (Sumsub) for the member’s own case, once it is in ' +
          'review and awaiting the provider: `access_token` starts the WebSDK, `url` is the same flow as a page, which ' +
          'returns the member to /user/verification?from=provider. 404 ' +
          'VerificationProviderNotUsed with the manual provider; 409 VerificationProviderNotAwaiting before submission ' +
          'or after a decision; 503 VerificationProviderUnavailable when the provider does not answer.',
        response: { 200: ZSuccess(ZVerificationProviderSession), ...errors },
      },
    },
    async (request) => ok(await openProviderSession(ctx, memberOf(request))),
  );

  app.get(
    '/user/verification/export',
    {
      preHandler: reader,
      schema: {
        tags: ['verification'],
        description: 'Everything Parcelle holds about the member’s verification, as a JSON download.',
        response: { 200: ZVerificationExport, ...errors },
      },
    },
    async (request, reply) => {
      const data = await exportVerification(ctx, memberOf(request));
      return reply
        .header('content-disposition', 'attachment; filename="parcelle-verification.json"')
        .header('cache-control', 'no-store')
        .send(data);
    },
  );
}
