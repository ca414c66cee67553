import {
  fillMessage,
  formatMoney,
  type MarketMode,
  type TMarketSettings,
  type TMarketSettingsRequest,
} from '@parcelle/shared';
import { DEFAULT_PRICE_BOUNDS, type PriceBounds, priceRange } from '@parcelle/shared/orderbook';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { siteSettings } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError } from '../../http/errors';
import { audit } from '../admin/audit';
import { putSiteSetting } from '../content-admin/site-settings';

/** The site_settings key of the secondary market's settings (issue 17). */
const KEY = 'secondary_market';

export type MarketSettings = PriceBounds & { mode: MarketMode };

/** Until operators change them: ±50 %/200 % of the work's part price, and automatic matching. */
/** Orders meet by themselves (a trading venue); otherwise they rest until a member accepts one (bulletin board). */
export const matchesAutomatically = (settings: MarketSettings) => settings.mode === 'matching';

export const DEFAULT_MARKET_SETTINGS: MarketSettings = { ...DEFAULT_PRICE_BOUNDS, mode: 'matching' };

function settingsOf(value: unknown): MarketSettings {
  const stored = (value ?? {}) as Partial<TMarketSettings>;
  return {
    minPercent: typeof stored.min_percent === 'number' ? stored.min_percent : DEFAULT_MARKET_SETTINGS.minPercent,
    maxPercent: typeof stored.max_percent === 'number' ? stored.max_percent : DEFAULT_MARKET_SETTINGS.maxPercent,
    mode: stored.mode === 'bulletin_board' ? 'bulletin_board' : DEFAULT_MARKET_SETTINGS.mode,
  };
}

export const marketSettingsData = (settings: MarketSettings): TMarketSettings => ({
  min_percent: settings.minPercent,
  max_percent: settings.maxPercent,
  mode: settings.mode,
});

/** The secondary market's settings, read inside the order's own transaction (a change applies to the next order). */
export async function readMarketSettings(db: Executor): Promise<MarketSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  return settingsOf(row?.value);
}

/** Refuses a price per part outside the bounds around the work's reference part price. */
export function checkPriceBounds(
  settings: MarketSettings,
  referenceMinor: number,
  priceMinor: number,
  field: string,
): void {
  const range = priceRange(referenceMinor, settings);
  if (priceMinor >= range.min && priceMinor <= range.max) return;
  const amount = (minor: number) => ({ en: formatMoney(minor, 'EURO', 'en'), fr: formatMoney(minor, 'EURO', 'fr') });
  throw new AppError(
    400,
    'PriceOutOfBounds',
    field,
    fillMessage('PriceOutOfBounds', { min: amount(range.min), max: amount(range.max) }),
  );
}

/** PATCH /admin/market-settings: bounds and mode, audited with the values before and after. */
export async function updateMarketSettings(db: Executor, actor: Member, input: TMarketSettingsRequest) {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(siteSettings).where(eq(siteSettings.key, KEY)).for('update');
    const before = settingsOf(row?.value);
    const after: MarketSettings = {
      minPercent: input.min_percent ?? before.minPercent,
      maxPercent: input.max_percent ?? before.maxPercent,
      mode: input.mode ?? before.mode,
    };
    const value = marketSettingsData(after);
    await putSiteSetting(tx, KEY, value);
    await audit(tx, {
      actorId: actor.id,
      action: 'market_settings.update',
      targetType: 'site_settings',
      targetId: KEY,
      before: marketSettingsData(before),
      after: value,
    });
    return after;
  });
}
