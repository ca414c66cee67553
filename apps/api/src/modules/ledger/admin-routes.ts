import {
  ZAdminBalances,
  ZAdminBalancesQuery,
  ZAdminLedger,
  ZAdminLedgerQuery,
  ZFailure,
  ZFxExposure,
  ZFxSettlement,
  ZFxSettlementRequest,
  ZLedgerCheck,
  ZReconciliation,
  ZReconciliationQuery,
  ZSuccess,
} from '@parcelle/shared';
import type { AppContext } from '../../context';
import { memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';
import { requireOperator } from '../admin/guard';
import { ledgerBalances, ledgerCheck, listLedgerTransactions, reconciliation } from './admin';
import { fxExposure, recordFxSettlement } from './fx-settlement';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure };

/** Ledger and reconciliation for finance operators (issue 15): reads only; the ledger is corrected, never edited. */
export function ledgerAdminRoutes(app: App, ctx: AppContext) {
  const operator = requireOperator(ctx);
  const db = ctx.database.db;

  app.get(
    '/admin/ledger/transactions',
    {
      onRequest: operator,
      schema: { tags: ['admin'], querystring: ZAdminLedgerQuery, response: { 200: ZSuccess(ZAdminLedger), ...errors } },
    },
    async (request) => ok(await listLedgerTransactions(db, request.query)),
  );

  app.get(
    '/admin/ledger/balances',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        querystring: ZAdminBalancesQuery,
        response: { 200: ZSuccess(ZAdminBalances), ...errors },
      },
    },
    async (request) => ok(await ledgerBalances(db, request.query)),
  );

  app.get(
    '/admin/ledger/check',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'Runs the money and parts invariants (`npm run ledger:check`) and answers what is wrong.',
        response: { 200: ZSuccess(ZLedgerCheck), ...errors },
      },
    },
    async () => ok(await ledgerCheck(db)),
  );

  app.get(
    '/admin/fx',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'Parcelle’s open exchange position per currency (its fx_clearing accounts) and the settlements.',
        response: { 200: ZSuccess(ZFxExposure), ...errors },
      },
    },
    async () => ok(await fxExposure(db)),
  );

  app.post(
    '/admin/fx/settlements',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'Records the bank’s exchange that settles the position: one balanced ledger transaction, audited.',
        body: ZFxSettlementRequest,
        response: { 200: ZSuccess(ZFxSettlement), ...errors },
      },
    },
    async (request) => ok(await recordFxSettlement(db, memberOf(request), request.body), 'FxSettlementRecorded'),
  );

  app.get(
    '/admin/reconciliation',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        querystring: ZReconciliationQuery,
        response: { 200: ZSuccess(ZReconciliation), ...errors },
      },
    },
    async (request) => ok(await reconciliation(db, request.query)),
  );
}
