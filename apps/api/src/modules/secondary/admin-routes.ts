import { ZFailure, ZMarketSettings, ZMarketSettingsRequest, ZSuccess } from '@parcelle/shared';
import type { AppContext } from '../../context';
import { memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';
import { requireOperator } from '../admin/guard';
import { marketSettingsData, readMarketSettings, updateMarketSettings } from './market-settings';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure };
const tags = ['admin-market'];

/** The secondary market's settings in the operator console (issue 17): price bounds and the market mode. */
export function marketAdminRoutes(app: App, ctx: AppContext) {
  const onRequest = requireOperator(ctx);
  const db = ctx.database.db;
  app.get(
    '/admin/market-settings',
    { onRequest, schema: { tags, response: { 200: ZSuccess(ZMarketSettings), ...errors } } },
    async () => ok(marketSettingsData(await readMarketSettings(db))),
  );
  app.patch(
    '/admin/market-settings',
    {
      onRequest,
      schema: {
        tags,
        description:
          'Bounds of ask and bid prices around the work’s part price (whole percents) and the market mode: `matching` ' +
          '(orders meet automatically) or `bulletin_board` (orders rest; members accept a specific order). Audited.',
        body: ZMarketSettingsRequest,
        response: { 200: ZSuccess(ZMarketSettings), ...errors },
      },
    },
    async (request) => {
      const saved = await updateMarketSettings(db, memberOf(request), request.body);
      // Public order books show the mode and the bounds: every kept read goes.
      ctx.catalogueChanges.changed({ kind: 'everything' });
      return ok(marketSettingsData(saved), 'MarketSettingsSaved');
    },
  );
}
