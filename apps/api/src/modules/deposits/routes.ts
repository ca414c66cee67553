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
  ZTopUp,
  ZTopUpRequest,
  ZTopUpSandboxCard,
} from '@parcelle/shared';
import { z } from 'zod';
import { SandboxCardPayments } from '../../adapters/payments/sandbox-card';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { AppError, notFound } from '../../http/errors';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import { requireOperator } from '../admin/guard';
import { stateOfMember } from '../verification/state';
import { importStatement } from './import-statement';
import { listBankTransfers } from './queue';
import { depositReferenceOf } from './references';
import { assignTransfer, returnTransfer } from './resolve-transfer';
import {
  cancelTopUp,
  capturePaypalTopUp,
  handleTopUpCardEvent,
  ownTopUp,
  startTopUp,
  topUpLimits,
  topUpState,
} from './top-ups';

const errors = {
  400: ZFailure,
  401: ZFailure,
  402: ZFailure,
  403: ZFailure,
  404: ZFailure,
  409: ZFailure,
  422: ZFailure,
  429: ZFailure,
  502: ZFailure,
};
const ZTopUpParams = z.object({ id: z.uuid({ error: 'TopUpNotFound' }) });
const idempotencyHeader = z.object({ 'idempotency-key': z.string().optional() }).passthrough();
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
        top_up: await topUpLimits(ctx, db, me.id),
      });
    },
  );

  topUpRoutes(app, ctx);

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

/**
 * Top-ups of the wallet by card or PayPal (issue 31). Starting one moves money in, never out: a full session with a
 * verified email and a verified identity, an Idempotency-Key, but no one-time code (decision 387).
 */
function topUpRoutes(app: App, ctx: AppContext) {
  const member = authenticate(ctx);
  const payer = authenticate(ctx, { access: 'money' });
  const moneyLimit = perIp(Math.max(30, ctx.config.rateLimitAuthPerMinute * 3));
  const doc = { tags: ['member'], security: [{ bearer: [] }] };
  const answer = { 200: ZSuccess(ZTopUp), ...errors };

  app.post(
    '/member/top-ups',
    {
      preHandler: payer,
      config: moneyLimit,
      schema: {
        ...doc,
        description:
          'Starts a top-up of the wallet by card or PayPal (euro minor units, within the configured bounds): the ' +
          'provider’s payment to complete. Credited once the provider confirms it. Needs an Idempotency-Key.',
        headers: idempotencyHeader,
        body: ZTopUpRequest,
        response: answer,
      },
    },
    async (request) => {
      const key = request.headers['idempotency-key'];
      const started = await startTopUp(ctx, memberOf(request), request.body, Array.isArray(key) ? key[0] : key);
      return ok(started, 'TopUpStarted');
    },
  );

  app.get(
    '/member/top-ups/:id',
    { preHandler: member, schema: { ...doc, params: ZTopUpParams, response: answer } },
    async (request) => ok(await topUpState(ctx, memberOf(request).id, request.params.id)),
  );

  app.post(
    '/member/top-ups/:id/paypal',
    {
      preHandler: payer,
      config: moneyLimit,
      schema: {
        ...doc,
        description: 'The member approved the PayPal order: the server captures it and credits on PayPal’s answer.',
        params: ZTopUpParams,
        response: answer,
      },
    },
    async (request) => {
      const topUp = await capturePaypalTopUp(ctx, memberOf(request).id, request.params.id);
      if (topUp.status !== 'credited') throw new AppError(402, 'PaymentError');
      return ok(topUp, 'TopUpCredited');
    },
  );

  app.post(
    '/member/top-ups/:id/cancel',
    { preHandler: member, schema: { ...doc, params: ZTopUpParams, response: answer } },
    async (request) => {
      const topUp = await cancelTopUp(ctx, memberOf(request).id, request.params.id);
      return ok(topUp, topUp.status === 'cancelled' ? 'TopUpCancelled' : undefined);
    },
  );

  // The offline card sandbox's "Pay": it plays the provider and sends the signed event to the webhook's handler.
  const card = ctx.payments.card;
  if (ctx.config.payments.sandbox && card instanceof SandboxCardPayments) {
    app.post(
      '/member/top-ups/:id/sandbox-card',
      {
        preHandler: payer,
        config: moneyLimit,
        schema: { ...doc, params: ZTopUpParams, body: ZTopUpSandboxCard, response: answer },
      },
      async (request) => {
        const userId = memberOf(request).id;
        const topUp = await ownTopUp(ctx.database.db, userId, request.params.id, 'card');
        const confirmed = topUp.clientSecret ? card.confirm(topUp.clientSecret, request.body.card_number) : null;
        if (!confirmed) throw notFound('TopUpNotFound');
        const event = card.parseWebhook(Buffer.from(confirmed.body), confirmed.signature);
        if (event) await handleTopUpCardEvent(ctx, event);
        if (!confirmed.succeeded) throw new AppError(402, 'CardDeclined');
        return ok(await topUpState(ctx, userId, topUp.id), 'TopUpCredited');
      },
    );
  }
}
