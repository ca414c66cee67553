import type { Currency } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatMoney, formatNumber } from '@parcelle/shared/money';
import type { TickerKpi } from './use-ticker-kpis';

/** The price per part in the display currency: en "$1,234.56", fr "1 234,56 €". */
export function tickerPrice(kpi: TickerKpi, currency: Currency, language: Language): string {
  const major = currency === 'EURO' ? kpi.value_euro : kpi.value_usd;
  if (!Number.isFinite(major)) return '';
  return formatMoney(Math.round(major * 100), currency, language);
}

/** The change as a percentage without sign (the arrow gives the direction): en "12.34%", fr "12,34 %". */
export function tickerPercentage(percentage: number, language: Language): string {
  const value = Number.isFinite(percentage) ? Math.abs(percentage) : 0;
  return formatNumber(value / 100, language, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
