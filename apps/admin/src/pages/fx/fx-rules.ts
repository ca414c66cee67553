import { fxClosingResult } from '@parcelle/shared/contracts/admin-money';
import type { MessageKey } from '@parcelle/shared/i18n/messages';

/**
 * The console's check of a settlement before it is sent, the same rules the API refuses with (fx-settlement.ts):
 * both legs in whole cents, neither above the open position on its side, a bank reference, a value date not in the
 * future. The first problem, with the field it concerns, or null.
 */
export function settlementProblem(input: {
  soldMinor: number | null;
  boughtMinor: number | null;
  heldMinor: number;
  owedMinor: number;
  bankReference: string;
  settledOn: string;
  today: string;
  /** Close the position: sell all that is held; the difference with what is owed is the exchange result. */
  close?: boolean;
}): { key: MessageKey; field: string } | null {
  const { soldMinor, boughtMinor } = input;
  if (soldMinor === null || !Number.isSafeInteger(soldMinor) || soldMinor <= 0)
    return { key: 'FxSettlementUnbalanced', field: 'sold_minor' };
  if (boughtMinor === null || !Number.isSafeInteger(boughtMinor) || boughtMinor <= 0)
    return { key: 'FxSettlementUnbalanced', field: 'bought_minor' };
  if (soldMinor > input.heldMinor) return { key: 'FxSettlementOvershoot', field: 'sold_minor' };
  if (input.close) {
    if (soldMinor !== input.heldMinor) return { key: 'FxSettlementCloseNotWhole', field: 'sold_minor' };
    if (fxClosingResult(boughtMinor, input.owedMinor) === null)
      return { key: 'FxSettlementResultTooLarge', field: 'bought_minor' };
  } else if (boughtMinor > input.owedMinor) return { key: 'FxSettlementOvershoot', field: 'bought_minor' };
  if (!input.bankReference.trim()) return { key: 'FxSettlementInvalid', field: 'bank_reference' };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.settledOn) || input.settledOn > input.today)
    return { key: 'FxSettlementInvalid', field: 'settled_on' };
  return null;
}
