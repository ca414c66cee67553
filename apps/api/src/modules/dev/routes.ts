import { ZSuccess } from '@parcelle/shared';
import { z } from 'zod';
import { listOutbox } from '../../adapters/mail/outbox';
import type { AppContext } from '../../context';
import { escapeHtml } from '../../http/html';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';

const ZOutboxQuery = z.strictObject({ to: z.string().max(320).optional() });
const ZOutboxItem = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});

/** The development outbox: registered only outside production (so it answers 404 there). */
export function devApiRoutes(app: App, ctx: AppContext) {
  app.get(
    '/dev/outbox',
    { schema: { tags: ['dev'], querystring: ZOutboxQuery, response: { 200: ZSuccess(z.array(ZOutboxItem)) } } },
    async (request) => ok(await listOutbox(ctx.database.db, request.query.to)),
  );
}

export function devPageRoutes(app: App, ctx: AppContext) {
  app.get('/dev/outbox', { schema: { hide: true, querystring: ZOutboxQuery } }, async (request, reply) => {
    const items = await listOutbox(ctx.database.db, request.query.to, 100);
    const rows = items
      .map(
        (item) =>
          `<article><header><strong>${escapeHtml(item.subject)}</strong><span>${escapeHtml(item.channel)} → ${escapeHtml(item.to)} · ${escapeHtml(item.created_at)}</span></header><pre>${escapeHtml(item.text)}</pre></article>`,
      )
      .join('');
    const style =
      'body{font-family:Georgia,serif;background:#faf8f4;color:#1d1b18;max-width:860px;margin:40px auto;padding:0 20px}article{border-top:1px solid #ddd5c8;padding:16px 0}header{display:flex;justify-content:space-between;gap:16px}span{color:#7a736a;font-size:14px}pre{white-space:pre-wrap;font-family:inherit}';
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title><style>${style}</style></head><body><h1>Development outbox</h1><p>${items.length} message(s)${request.query.to ? ` to ${escapeHtml(request.query.to)}` : ''}</p>${rows || '<p>No messages yet.</p>'}</body></html>`,
      );
  });
}
