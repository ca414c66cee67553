import { CHART_COLORS } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatNumber } from '@parcelle/shared/money';

/** Spec §9: ten fixed colours, cycling for series beyond the tenth. */
export function seriesColor(index: number): string {
  const length = CHART_COLORS.length;
  return CHART_COLORS[((index % length) + length) % length] as string;
}

/**
 * Axis ticks (spec §9: the axis shows M from 1,000,000): 2,500,000 → "2.5M" (fr "2,5 M"), below a million
 * the number in full with the language's separators (fr "250 000").
 */
export function axisTick(value: number, language: Language): string {
  if (!Number.isFinite(value)) return '';
  if (Math.abs(value) >= 1_000_000) {
    const millions = formatNumber(value / 1_000_000, language, { maximumFractionDigits: 1 });
    return language === 'fr' ? `${millions} M` : `${millions}M`;
  }
  return formatNumber(value, language, { maximumFractionDigits: 2 });
}
