import type { Language } from '@parcelle/shared/i18n/messages';
import { formatNumber } from '@parcelle/shared/money';

/** A share in basis points as a percentage in the reader's conventions (en "66.67%", fr "66,67 %"). */
export function formatBps(bps: number, language: Language, signed = false): string {
  return formatNumber(bps / 10_000, language, {
    style: 'percent',
    maximumFractionDigits: 2,
    ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
  });
}
