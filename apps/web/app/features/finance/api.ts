import type { Currency } from '@parcelle/shared/constants';
import type { ZFinanceData } from '@parcelle/shared/contracts/member-area';
import type { Language } from '@parcelle/shared/i18n/messages';
import type { z } from 'zod';
import { formatAmount } from '../catalogue/format';
import { apiData } from '../session/api';
import type { RowsPage } from '../table/use-paged-rows';

/** The calls of /user/finance (spec §2 Finance, §3 Finance rows, §7 `/member/finance/history`). */

/**
 * Movements per page. The spec gives no size for this table; a money ledger is read in longer runs than the
 * history tabs (4), so it shows 10 at a time.
 */
export const FINANCE_PAGE_SIZE = 10;

export type FinanceData = z.infer<typeof ZFinanceData>;
export type FinanceRow = FinanceData['purchaseHistory'][number];

export const FINANCE_KEY = ['member-finance'] as const;

/** One page of the member's money movements, newest first, in the display currency. */
export async function fetchFinance(
  currency: Currency,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<RowsPage<FinanceRow>> {
  const data = await apiData<FinanceData>('/member/finance/history', { query: { limit, offset, currency }, signal });
  return { rows: data.purchaseHistory, total: data.total };
}

/**
 * Finance row `type` → its nature key (1 purchase, 2 sale proceeds, 3 dividend, 4 withdrawal, 6 deposit by bank
 * transfer, 7 top-up by card or by PayPal, named by its method; else other).
 */
export function natureKey(type: number, method?: string): string {
  if (type === 7) return `finance.nature.${method === 'paypal' ? 'topUpPaypal' : 'topUpCard'}`;
  const natures: Record<number, string> = { 1: 'purchase', 2: 'sale', 3: 'dividend', 4: 'withdrawal', 6: 'deposit' };
  return `finance.nature.${natures[type] ?? 'other'}`;
}

/**
 * A row's nature as the table writes it (issue 31): a purchase, a sale of parts or a dividend names its work ("Sale of
 * parts of <work>"); the others their kind alone.
 */
export function natureText(
  row: { type: number; payment_method?: string; work: { en: string; fr: string } | null },
  t: (key: string, options?: Record<string, string>) => string,
  language: 'en' | 'fr',
): string {
  const key = natureKey(row.type, row.payment_method);
  const kind = key.replace('finance.nature.', '');
  if (row.work && (kind === 'purchase' || kind === 'sale' || kind === 'dividend')) {
    return t(`finance.natureOf.${kind}`, { work: row.work[language] });
  }
  return t(key);
}

const METHODS = ['card', 'paypal', 'smart_amount', 'bank', 'bank_transfer'] as const;

/** `payment_method` → its label key (unknown methods read "Other"). */
export function methodKey(method: string): string {
  const known = (METHODS as readonly string[]).includes(method) ? method : 'other';
  return `finance.method.${known}`;
}

/** The amount signed by its direction for the member: "+€12.50" in, "−€12.50" out (fr "+12,50 €", "−12,50 €"). */
export function signedAmount(row: Pick<FinanceRow, 'total_amount' | 'direction'>, language: Language): string {
  const text = formatAmount({ value: Math.abs(row.total_amount.value), curr: row.total_amount.currency }, language);
  return `${row.direction === 'in' ? '+' : '\u2212'}${text}`;
}
