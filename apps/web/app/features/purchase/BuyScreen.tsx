import type { Currency } from '@parcelle/shared/constants';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { isCurrency, useCurrency } from '../preferences/currency';
import { BuyMessage, ToMarketButton } from './BuyFrame';
import type { NavigationState } from './buy-state';
import { PrimaryBuy } from './PrimaryBuy';

/**
 * /buy (spec §2, §4): the chosen work, the quantity in parts with its surface and total, the certificate holder
 * and the responsibility box, then the purchase drawer. Query: type, path, limit, offset, currency, painting_id
 * (or the painting in navigation state). The states are decided in buy-state.ts; PrimaryBuy and SecondaryBuy draw
 * them, BuyForm and its parts the form.
 */
export function BuyScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const carried = location.state as NavigationState;
  const paintingId = search.get('painting_id') ?? carried?.painting?.id ?? '';
  const preference = useCurrency();
  const asked = search.get('currency');
  const currency: Currency = isCurrency(asked) ? asked : preference;

  // A currency chosen in the header while here replaces the one of the address.
  const lastPreference = useRef(preference);
  useEffect(() => {
    if (preference === lastPreference.current) return;
    lastPreference.current = preference;
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('currency', preference);
        return next;
      },
      { replace: true, state: location.state },
    );
  }, [preference, setSearch, location.state]);

  if (!paintingId) {
    return (
      <BuyMessage
        state="not-found"
        title={t('purchase.buy.noWorkTitle')}
        text={t('purchase.buy.noWorkText')}
        action={<ToMarketButton label={t('purchase.buy.toMarket')} />}
      />
    );
  }
  return <PrimaryBuy paintingId={paintingId} currency={currency} />;
}
