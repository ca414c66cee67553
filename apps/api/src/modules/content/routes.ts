import {
  ZContactRequest,
  ZContentPage,
  ZContentQuery,
  ZFailure,
  ZFooterData,
  ZGalleriesData,
  ZGalleriesQuery,
  ZHomeData,
  ZHomeQuery,
  ZNewsletterConfirmQuery,
  ZNewsletterSubscribeRequest,
  ZNewsletterUnsubscribeRequest,
  ZSuccess,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import { captchaGuard } from '../captcha/guard';
import type { PublicReadCache } from '../catalogue/read-cache';
import {
  confirmSubscription,
  contentPage,
  footer,
  home,
  listGalleries,
  sendContactMessage,
  subscribe,
  unsubscribe,
} from './service';

const ZNull = z.null();
const errors = { 400: ZFailure, 404: ZFailure, 429: ZFailure };

/**
 * Public site content (spec §7): footer, home, editorial pages, galleries, contact form and newsletter. The home
 * figures are kept in memory with the catalogue's reads (`reads`, catalogue/read-cache.ts).
 */
export function contentRoutes(app: App, ctx: AppContext, reads: PublicReadCache) {
  const db = ctx.database.db;
  const baseUrl = ctx.config.mediaBaseUrl;
  const formLimit = perIp(Math.max(5, Math.floor(ctx.config.rateLimitAuthPerMinute / 2)));

  app.get('/content/footer', { schema: { tags: ['content'], response: { 200: ZSuccess(ZFooterData) } } }, async () =>
    ok(await footer(db, baseUrl)),
  );

  app.get(
    '/content/home',
    {
      onRequest: reads.onRequest,
      schema: { tags: ['content'], querystring: ZHomeQuery, response: { 200: ZSuccess(ZHomeData), ...errors } },
    },
    async (request, reply) => reads.answer('home', request, reply, ok(await home(db, request.query.currency, baseUrl))),
  );

  app.get(
    '/content/',
    { schema: { tags: ['content'], querystring: ZContentQuery, response: { 200: ZSuccess(ZContentPage), ...errors } } },
    async (request) => ok(await contentPage(db, request.query.type)),
  );

  app.get(
    '/content/galleries',
    {
      schema: {
        tags: ['content'],
        querystring: ZGalleriesQuery,
        response: { 200: ZSuccess(ZGalleriesData), ...errors },
      },
    },
    async (request) => ok({ ...(await listGalleries(db, request.query)), base_url: baseUrl }),
  );

  app.post(
    '/contact/',
    {
      config: formLimit,
      preHandler: captchaGuard(ctx, { plainForm: 'contact' }),
      schema: {
        tags: ['content'],
        body: ZContactRequest,
        response: { 200: ZSuccess(ZNull), 502: ZFailure, ...errors },
      },
    },
    async (request) => {
      await sendContactMessage(ctx, request.body);
      return ok(null, 'MessageSentSuccess');
    },
  );

  app.post(
    '/newsletter/subscribe',
    {
      config: formLimit,
      preHandler: captchaGuard(ctx, { plainForm: 'newsletter' }),
      schema: { tags: ['content'], body: ZNewsletterSubscribeRequest, response: { 200: ZSuccess(ZNull), ...errors } },
    },
    async (request) => {
      await subscribe(ctx, request.body.email, request.body.lang);
      return ok(null, 'NewsletterConfirmSent');
    },
  );

  app.get(
    '/newsletter/confirm',
    {
      config: formLimit,
      schema: {
        tags: ['content'],
        querystring: ZNewsletterConfirmQuery,
        response: { 200: ZSuccess(ZNull), ...errors },
      },
    },
    async (request) => {
      await confirmSubscription(ctx, request.query.token);
      return ok(null, 'NewsletterConfirmed');
    },
  );

  app.post(
    '/newsletter/unsubscribe',
    {
      config: formLimit,
      schema: { tags: ['content'], body: ZNewsletterUnsubscribeRequest, response: { 200: ZSuccess(ZNull), ...errors } },
    },
    async (request) => {
      await unsubscribe(ctx, request.body.token);
      return ok(null, 'NewsletterUnsubscribed');
    },
  );
}
