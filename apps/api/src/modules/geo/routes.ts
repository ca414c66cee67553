import { ZFailure, ZGeoData, ZSuccess } from '@parcelle/shared';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import { locate } from './service';

/**
 * GET /geo: country and currency from the client IP. `request.ip` honours X-Forwarded-For only when
 * TRUST_PROXY names the proxy in front of the API, so a client cannot choose its own country.
 */
export function geoRoutes(app: App, ctx: AppContext) {
  app.get(
    '/geo',
    {
      config: perIp(ctx.config.rateLimitAuthPerMinute * 3),
      schema: { tags: ['geo'], response: { 200: ZSuccess(ZGeoData), 429: ZFailure } },
    },
    async (request) => ok(await locate(request.ip, ctx.config.dataDir)),
  );
}
