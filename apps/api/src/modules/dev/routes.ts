import { ZSuccess } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { listOutbox } from '../../adapters/mail/outbox';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { escapeHtml } from '../../http/html';
import { loopbackOnly } from '../../http/loopback';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';
import { endVoteWindowNow } from '../exits/end-vote-window';
import { seedInvestorReady } from '../investor/seed-ready';
import { accountFor, postTransaction, walletBalance } from '../ledger/ledger';
import { DELIVERY_JOBS } from '../notifications/delivery-jobs';
import { agePastReflectionPeriod } from '../purchases/reflection';
import { seedApprovedVerification } from '../verification/seed-approved';

const ZOutboxQuery = z.strictObject({ to: z.string().max(320).optional() });
const ZOutboxItem = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The HTML part of an email (issue 31), null for an SMS. */
  html: z.string().nullable(),
  created_at: z.string(),
});

const ZWalletCredit = z.strictObject({
  email: z.string().email().max(320),
  currency: z.enum(['USD', 'EURO']),
  amount_minor: z.number().int().min(1).max(100_000_000),
});

/**
 * Development tools, registered only outside production (so they answer 404 there) and answering only the machine
 * itself (loopbackOnly: 404 to any other address): the outbox, and a wallet credit for trying the smart-account
 * payment by hand and in browser tests (the product itself credits wallets through sales and dividends), and an
 * identity approval (issue 29). The credit is a balanced ledger transaction like any other.
 */
export function devApiRoutes(app: App, ctx: AppContext) {
  app.post(
    '/dev/wallet/credit',
    {
      onRequest: loopbackOnly,
      schema: {
        tags: ['dev'],
        body: ZWalletCredit,
        response: { 200: ZSuccess(z.object({ balance_minor: z.number() })) },
      },
    },
    async (request) => {
      const { email, currency, amount_minor: amount } = request.body;
      const balance = await ctx.database.db.transaction(async (tx) => {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
        if (!user) throw notFound('NotFound');
        const wallet = await accountFor(tx, 'member_wallet', currency, user.id);
        const cash = await accountFor(tx, 'platform_cash', currency);
        await postTransaction(tx, {
          reference: `dev-credit-${Date.now()}`,
          description: 'development wallet credit',
          lines: [
            { accountId: cash, amountMinor: -amount, currency },
            { accountId: wallet, amountMinor: amount, currency },
          ],
        });
        return walletBalance(tx, user.id, currency);
      });
      return ok({ balance_minor: balance });
    },
  );

  // Issue 30: development time travel for trying the secondary market by hand and for the journeys: a member's paid
  // primary purchases are made 9 days older, past their reflection period (their parts stop being provisional).
  app.post(
    '/dev/reflection/end',
    {
      onRequest: loopbackOnly,
      schema: {
        tags: ['dev'],
        body: z.object({ email: z.string() }),
        response: { 200: ZSuccess(z.object({ purchases: z.number() })) },
      },
    },
    async (request) => {
      const [user] = await ctx.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, request.body.email.toLowerCase()));
      if (!user) throw notFound('NotFound');
      const aged = await agePastReflectionPeriod(ctx.database.db, user.id);
      return ok({ purchases: aged });
    },
  );

  // Issue 27: development time travel for the exit journey and for trying exits by hand: an open vote's window ends
  // now (modules/exits/end-vote-window.ts), so the operator may resolve it at once.
  app.post(
    '/dev/exits/:id/end-vote',
    {
      onRequest: loopbackOnly,
      schema: {
        tags: ['dev'],
        params: z.object({ id: z.string().uuid() }),
        response: { 200: ZSuccess(z.object({ ended: z.boolean() })) },
      },
    },
    async (request) => {
      const ended = await endVoteWindowNow(ctx.database.db, request.params.id);
      if (!ended) throw notFound('ExitOfferNotFound');
      return ok({ ended });
    },
  );

  // Issue 29: a member's identity approved along the seeded path (modules/verification/seed-approved.ts), for trying the
  // money paths by hand and for the browser journeys that buy, sell and withdraw (the verification journey does not).
  app.post(
    '/dev/verification/approve',
    {
      onRequest: loopbackOnly,
      schema: {
        tags: ['dev'],
        // Issue 30: also ready to invest (a passed knowledge test, a loss simulation) unless investor_ready is false.
        body: z.strictObject({ email: z.string().email().max(320), investor_ready: z.boolean().default(true) }),
        response: { 200: ZSuccess(z.object({ state: z.literal('approved') })) },
      },
    },
    async (request) => {
      await ctx.database.db.transaction(async (tx) => {
        const user = await devMember(tx, request.body.email);
        await seedApprovedVerification(tx, user.id);
        if (request.body.investor_ready) await seedInvestorReady(tx, user);
      });
      return ok({ state: 'approved' as const });
    },
  );

  // Issue 30: a member made ready to invest along the real path (modules/investor/seed-ready.ts).
  app.post(
    '/dev/investor/ready',
    {
      onRequest: loopbackOnly,
      schema: {
        tags: ['dev'],
        body: z.strictObject({
          email: z.string().email().max(320),
          net_worth_minor: z.number().int().min(0).max(1_000_000_000_000).optional(),
        }),
        response: { 200: ZSuccess(z.object({ ready: z.literal(true) })) },
      },
    },
    async (request) => {
      await ctx.database.db.transaction(async (tx) => {
        const user = await devMember(tx, request.body.email);
        await seedInvestorReady(
          tx,
          user,
          request.body.net_worth_minor === undefined ? {} : { netWorthMinor: request.body.net_worth_minor },
        );
      });
      return ok({ ready: true as const });
    },
  );

  app.get(
    '/dev/outbox',
    {
      onRequest: loopbackOnly,
      schema: { tags: ['dev'], querystring: ZOutboxQuery, response: { 200: ZSuccess(z.array(ZOutboxItem)) } },
    },
    async (request) => {
      // Messages still queued are delivered first: a development tool (and the browser tests) reads what was sent
      // without waiting for a worker's next poll.
      await ctx.jobs.drain(DELIVERY_JOBS);
      return ok(await listOutbox(ctx.database.db, request.query.to));
    },
  );
}

export function devPageRoutes(app: App, ctx: AppContext) {
  app.get(
    '/dev/outbox',
    { onRequest: loopbackOnly, schema: { hide: true, querystring: ZOutboxQuery } },
    async (request, reply) => {
      await ctx.jobs.drain(DELIVERY_JOBS);
      const items = await listOutbox(ctx.database.db, request.query.to, 100);
      // An email's HTML part is shown as a mail client would, in a sandboxed frame (no scripts, no same origin, no
      // navigation): srcdoc inherits this page's policy, so nothing but inline styles loads. Its text part follows.
      const rows = items
        .map((item) => {
          const html = item.html
            ? `<iframe sandbox title="${escapeHtml(item.subject)}" srcdoc="${escapeHtml(item.html)}"></iframe><details><summary>Plain text</summary><pre>${escapeHtml(item.text)}</pre></details>`
            : `<pre>${escapeHtml(item.text)}</pre>`;
          return `<article><header><strong>${escapeHtml(item.subject)}</strong><span>${escapeHtml(item.channel)} → ${escapeHtml(item.to)} · ${escapeHtml(item.created_at)}</span></header>${html}</article>`;
        })
        .join('');
      const style =
        'body{font-family:Georgia,serif;background:#faf8f4;color:#1d1b18;max-width:860px;margin:40px auto;padding:0 20px}article{border-top:1px solid #ddd5c8;padding:16px 0}header{display:flex;justify-content:space-between;gap:16px;margin-bottom:12px}span{color:#635c53;font-size:14px}pre{white-space:pre-wrap;font-family:inherit}iframe{width:100%;height:640px;border:1px solid #ddd5c8;background:#fff}summary{cursor:pointer;color:#635c53;font-size:14px;margin-top:8px}';
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title><style>${style}</style></head><body><h1>Development outbox</h1><p>${items.length} message(s)${request.query.to ? ` to ${escapeHtml(request.query.to)}` : ''}</p>${rows || '<p>No messages yet.</p>'}</body></html>`,
        );
    },
  );
}

async function devMember(tx: Executor, email: string) {
  const [user] = await tx
    .select({ id: users.id, language: users.language, currency: users.currency })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  if (!user) throw notFound('NotFound');
  return user;
}
