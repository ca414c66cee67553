import '@parcelle/shared/zod-config';
import type { Currency } from '@parcelle/shared/constants';
import { fromMajorString, MINOR_PER_MAJOR } from '@parcelle/shared/money';
import { z } from 'zod';

/** Spec §9: a withdrawal is at least 1 (in the member's currency). */
export const WITHDRAWAL_MIN_MINOR = 1 * MINOR_PER_MAJOR;

/** What the amount field keeps of what is typed: digits and one decimal mark ("." or "," in French). */
export function amountInput(value: string): string {
  const kept = value.replace(/[^\d.,]/g, '');
  const mark = kept.search(/[.,]/);
  if (mark < 0) return kept;
  return kept.slice(0, mark + 1) + kept.slice(mark + 1).replace(/[.,]/g, '');
}

/**
 * The request form (spec §5): the amount is required, a decimal with at most 2 decimals, at least 1 in the
 * member's currency ('Should be greater than or equal to 1 €/$') and not above the wallet balance (the spec's
 * insufficient-balance text). The output is the amount in exact minor units; messages are catalogue keys.
 */
export function withdrawalForm(balance: { minor: number; curr: Currency }) {
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, { error: 'RequiredField' })
      .transform((text, ctx) => {
        let minor: number;
        try {
          minor = fromMajorString(text);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'WithdrawalAmountInvalid' });
          return z.NEVER;
        }
        if (minor < WITHDRAWAL_MIN_MINOR) {
          ctx.addIssue({ code: 'custom', message: balance.curr === 'EURO' ? 'WithdrawalMinEURO' : 'WithdrawalMinUSD' });
          return z.NEVER;
        }
        if (minor > balance.minor) {
          ctx.addIssue({ code: 'custom', message: 'InsufficientBalance' });
          return z.NEVER;
        }
        return minor;
      }),
  });
}

export type WithdrawalFormInput = z.input<ReturnType<typeof withdrawalForm>>;
export type WithdrawalFormValues = z.output<ReturnType<typeof withdrawalForm>>;
