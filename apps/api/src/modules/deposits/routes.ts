import {
  formatCreditorReference,
  mayMoveMoney,
  ZAdminBankTransfers,
  ZAdminBankTransfersQuery,
  ZAssignBankTransfer,
  ZBankStatementImport,
  ZBankStatementUpload,
  ZDepositDetails,
  ZFailure,
  ZIdParams,
  ZReturnBankTransfer,
  ZSuccess,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import { requireOperator } from '../admin/guard';
import { stateOfMember } from '../verification/state';
import { importStatement } from './import-statement';
import { listBankTransfers } from './queue';
import { depositReferenceOf } from './references';
import { assignTransfer, returnTransfer } from './resolve-transfer';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure, 429: ZFailure };
/** A statement file, as JSON text: the largest accepted file, escaped, with room for the envelope. */
const STATEMENT_BODY_LIMIT = 12 * 1024 * 1024;

/** Deposits by bank transfer (issue 31): the member's transfer details; the statement import and queue for finance. */
export function depositRoutes(app: App, ctx: AppContext) {
  const db = ctx.database.db;
  const member = authenticate(ctx);
  const operator = requireOperator(ctx);

  app.get(
    '/member/deposit',
    {
      preHandler: member,
      config: perIp(ctx.config.rateLimitAuthPerMinute * 3),
      schema: {
        tags: ['member'],
        security: [{ bearer: [] }],
        description:
          'Where to send a SEPA transfer to fund the wallet: Parcelle’s account and the member’s own reference ' +
          '(ISO 11649), given on first call and kept.',
        response: { 200: ZSuccess(ZDepositDetails), ...errors },
      },
    },
    async (request) => {
      const me = memberOf(request);
      const { bankTransfer, account } = ctx.config.deposits;
      const reference = await depositReferenceOf(db, me.id);
      return ok({
        enabled: bankTransfer,
        beneficiary: bankTransfer ? account.name : '',
        iban: bankTransfer ? account.iban : '',
        bic: bankTransfer ? account.bic : '',
        reference,
        reference_display: formatCreditorReference(reference),
        currency: 'EURO' as const,
        verified: mayMoveMoney(await stateOfMember(db, me.id)),
      });
    },
  );

  app.post(
    '/admin/deposits/statements',
    {
      onRequest: operator,
      bodyLimit: STATEMENT_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        description:
          'Imports the bank’s camt.053 statement of the deposit account: each booked credit recorded once per ' +
          '(statement id, entry reference), credited to the member its reference names or queued. Audited.',
        body: ZBankStatementUpload,
        response: { 200: ZSuccess(ZBankStatementImport), ...errors },
      },
    },
    async (request) => ok(await importStatement(ctx, memberOf(request), request.body), 'BankStatementImported'),
  );

  app.get(
    '/admin/deposits/transfers',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        querystring: ZAdminBankTransfersQuery,
        response: { 200: ZSuccess(ZAdminBankTransfers), ...errors },
      },
    },
    async (request) => ok(await listBankTransfers(db, request.query)),
  );

  const resolved = z.object({ id: z.string(), state: z.enum(['assigned', 'returning']) });
  app.post(
    '/admin/deposits/transfers/:id/assign',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        params: ZIdParams,
        body: ZAssignBankTransfer,
        response: { 200: ZSuccess(resolved), ...errors },
      },
    },
    async (request) =>
      ok(await assignTransfer(ctx, memberOf(request), request.params.id, request.body), 'BankTransferAssigned'),
  );

  app.post(
    '/admin/deposits/transfers/:id/return',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        params: ZIdParams,
        body: ZReturnBankTransfer,
        response: { 200: ZSuccess(resolved), ...errors },
      },
    },
    async (request) =>
      ok(await returnTransfer(ctx, memberOf(request), request.params.id, request.body), 'BankTransferReturning'),
  );
}
