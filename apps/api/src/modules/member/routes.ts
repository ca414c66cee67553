import {
  ZDownloadData,
  ZFailure,
  ZFinanceData,
  ZGraphData,
  ZHistoryData,
  ZHistoryTypeParams,
  ZMemberCurrencyQuery,
  ZMemberFinanceQuery,
  ZMemberHistoryQuery,
  ZMemberMarketData,
  ZMemberMarketQuery,
  ZMemberPartsQuery,
  ZPartsData,
  ZPortfolioData,
  ZPrimaryHoldingsData,
  ZStatementParams,
  ZStatementQuery,
  ZSuccess,
  ZYearlyStatementParams,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authenticate, type Member, memberOf } from '../../http/authenticate';
import { AppError, notFound } from '../../http/errors';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import { financeHistory } from './finance';
import { historyPage } from './history';
import { holdingsGraph, listHoldings, memberMarket, portfolioSummary, primaryHoldings } from './holdings';
import { requestStatement, storedStatement } from './statement-jobs';
import { ANNUAL, checkStatementLink, STATEMENT_LINK_SECONDS, statementFileName, YEARLY } from './statements';

const errors = { 400: ZFailure, 401: ZFailure, 404: ZFailure, 429: ZFailure };

/** The display currency of a request: the one asked for, else the member's own. */
const currencyOf = (member: Member, asked: 'USD' | 'EURO' | undefined) => asked ?? member.currency;

/**
 * The member area's read API (spec §2 Portfolio, My parts, Market, History, Finance; §7 `/member/*`; issue 6).
 * Every call is authenticated and every query is narrowed to the signed-in member's own rows; the statements are
 * reached through short-lived signed links instead (a new window carries no token).
 */
export function memberRoutes(app: App, ctx: AppContext) {
  const db = ctx.database.db;
  const member = authenticate(ctx);
  const mediaBase = ctx.config.mediaBaseUrl;
  const read = perIp(ctx.config.rateLimitAuthPerMinute * 3);
  const common = { tags: ['member'], security: [{ bearer: [] }] };

  app.get(
    '/member/portfolio',
    {
      preHandler: member,
      config: read,
      schema: {
        ...common,
        description: 'The four summary cards, as an array of one (spec §7: "first element used").',
        querystring: ZMemberCurrencyQuery,
        response: { 200: ZSuccess(ZPortfolioData), ...errors },
      },
    },
    async (request) => {
      const me = memberOf(request);
      return ok(await portfolioSummary(db, me.id, currencyOf(me, request.query.currency)));
    },
  );

  app.get(
    '/member/parts',
    {
      preHandler: member,
      config: read,
      schema: {
        ...common,
        description: 'One row per work held (in hand + listed), most recently bought first; page size 4.',
        querystring: ZMemberPartsQuery,
        response: { 200: ZSuccess(ZPartsData), ...errors },
      },
    },
    async (request) => {
      const me = memberOf(request);
      const page = await listHoldings(db, me.id, {
        ...request.query,
        currency: currencyOf(me, request.query.currency),
      });
      return ok({ ...page, base_url: mediaBase });
    },
  );

  app.get(
    '/member/parts/graph',
    {
      preHandler: member,
      config: read,
      schema: {
        ...common,
        description:
          'Value history of the member’s holdings: per work held and per year, value of the work × parts held ÷ ' +
          'total parts (integer minor units, half-even).',
        querystring: ZMemberCurrencyQuery,
        response: { 200: ZSuccess(ZGraphData), ...errors },
      },
    },
    async (request) => {
      const me = memberOf(request);
      return ok(await holdingsGraph(db, me.id, currencyOf(me, request.query.currency)));
    },
  );

  app.get(
    '/member/parts/primary',
    {
      preHandler: member,
      config: read,
      schema: {
        ...common,
        description: 'Works in which the member holds parts bought on the primary market, with their parts by lot.',
        querystring: ZMemberCurrencyQuery,
        response: { 200: ZSuccess(ZPrimaryHoldingsData), ...errors },
      },
    },
    async (request) => {
      const me = memberOf(request);
      const paintings = await primaryHoldings(db, me.id, currencyOf(me, request.query.currency));
      return ok({ paintings, base_url: mediaBase });
    },
  );

  app.get(
    '/member/market',
    {
      preHandler: member,
      config: read,
      schema: {
        ...common,
        description: 'The member’s market table (primary: markets 1–2, secondary: market 3), newest first; page 6.',
        querystring: ZMemberMarketQuery,
        response: { 200: ZSuccess(ZMemberMarketData), ...errors },
      },
    },
    async (request) => {
      const me = memberOf(request);
      const page = await memberMarket(db, me.id, {
        ...request.query,
        currency: currencyOf(me, request.query.currency),
      });
      return ok({ ...page, base_url: mediaBase });
    },
  );

  app.get(
    '/member/history/:type',
    {
      preHandler: member,
      config: read,
      schema: {
        ...common,
        description: 'PURCHASE, SALE, DIVIDEND or ARTWORK (case-insensitive), newest first; page size 4.',
        params: ZHistoryTypeParams,
        querystring: ZMemberHistoryQuery,
        response: { 200: ZSuccess(ZHistoryData), ...errors },
      },
    },
    async (request) => {
      const me = memberOf(request);
      const page = await historyPage(db, me.id, request.params.type, {
        ...request.query,
        currency: currencyOf(me, request.query.currency),
      });
      return ok({ ...page, base_url: mediaBase });
    },
  );

  app.get(
    '/member/download/:type',
    {
      preHandler: member,
      config: read,
      schema: {
        ...common,
        description:
          `Signed links to the whole history of a type as PDF (download_url) and CSV (csv_url), valid ` +
          `${STATEMENT_LINK_SECONDS / 60} minutes, opened without a token. Each call enqueues a new rendering of ` +
          'both files (as of that moment) by a background job.',
        params: ZHistoryTypeParams,
        response: { 200: ZSuccess(ZDownloadData), ...errors },
      },
    },
    async (request) => {
      const me = memberOf(request);
      return ok(downloadLinks(ctx, await requestStatement(ctx, me, request.params.type)));
    },
  );

  app.get(
    '/member/download/yearly/:year',
    {
      preHandler: member,
      config: read,
      schema: {
        ...common,
        description:
          'Signed links to the yearly statement (issue 17) of a calendar year as PDF and CSV, valid ' +
          `${STATEMENT_LINK_SECONDS / 60} minutes, opened without a token: the year's purchases, sales with their ` +
          'realised gains (cost basis first in, first out) and dividends, in the asked currency (default the ' +
          'member’s), each amount at the rate of its day. Rendered by the statement job like /member/download/{type}.',
        params: ZYearlyStatementParams,
        querystring: ZMemberCurrencyQuery,
        response: { 200: ZSuccess(ZDownloadData), ...errors },
      },
    },
    async (request) => {
      const me = memberOf(request);
      const owner = { ...me, currency: currencyOf(me, request.query.currency) };
      return ok(downloadLinks(ctx, await requestStatement(ctx, owner, YEARLY, request.params.year)));
    },
  );

  app.get(
    '/member/download/annual/:year',
    {
      preHandler: member,
      config: read,
      schema: {
        ...common,
        description:
          'Signed links to the annual statement of holdings (issue 30, the biens divers obligation) of a calendar year ' +
          'as PDF and CSV: the parts held at 31 December per work (the register as it stood then) with each work’s ' +
          'latest valuation by that day, in the asked currency (default the member’s). Rendered by the statement job.',
        params: ZYearlyStatementParams,
        querystring: ZMemberCurrencyQuery,
        response: { 200: ZSuccess(ZDownloadData), ...errors },
      },
    },
    async (request) => {
      const me = memberOf(request);
      const owner = { ...me, currency: currencyOf(me, request.query.currency) };
      return ok(downloadLinks(ctx, await requestStatement(ctx, owner, ANNUAL, request.params.year)));
    },
  );

  app.get(
    '/member/statements/:file',
    {
      config: perIp(ctx.config.rateLimitAuthPerMinute),
      schema: {
        tags: ['member'],
        description:
          'A statement (`purchase.pdf`, `sale.csv`, `yearly-2025.pdf`…) through a signed link of /member/download/{type}: no token; ' +
          'an expired link answers 403 TokenExpired, a forged one 403 Forbidden, an unknown file 404. The file ' +
          'rendered for this link by its job; not rendered yet, the call waits a few seconds, then answers 503 ' +
          'with Retry-After.',
        params: ZStatementParams,
        querystring: ZStatementQuery,
        response: {
          200: z.unknown().describe('text/csv or application/pdf'),
          403: ZFailure,
          503: ZFailure,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const check = checkStatementLink(ctx.config.serverSecret, request.params.file, request.query);
      if (!check.ok) {
        if (check.reason === 'not-found') throw notFound();
        throw new AppError(403, check.reason === 'expired' ? 'TokenExpired' : 'Forbidden');
      }
      const { link } = check;
      const file = await storedStatement(ctx, link);
      const stem = statementFileName({ ...link, format: 'pdf' }).replace(/\.pdf$/, '');
      const name = `parcelle-${stem}-${file.createdAt.toISOString().slice(0, 10)}.${link.format}`;
      return reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .header('content-type', link.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
        .send(file.content);
    },
  );

  app.get(
    '/member/finance/history',
    {
      preHandler: member,
      config: read,
      schema: {
        ...common,
        description:
          'The member’s money movements (wallet ledger entries and card/PayPal purchases), newest first. type: ' +
          '1 purchase, 2 sale, 3 dividend, 4 withdrawal, 5 other wallet movement, 6 deposit by bank transfer.',
        querystring: ZMemberFinanceQuery,
        response: { 200: ZSuccess(ZFinanceData), ...errors },
      },
    },
    async (request) => {
      const me = memberOf(request);
      return ok(
        await financeHistory(db, me.id, { ...request.query, currency: currencyOf(me, request.query.currency) }),
      );
    },
  );
}

/** A statement's signed links as every download route answers them: absolute, with when they stop working. */
function downloadLinks(ctx: AppContext, statement: Awaited<ReturnType<typeof requestStatement>>) {
  const origin = ctx.config.publicUrl;
  return {
    base_url: origin,
    download_url: `${origin}${statement.paths.pdf}`,
    csv_url: `${origin}${statement.paths.csv}`,
    expires_at: new Date(statement.expires * 1000).toISOString(),
  };
}
