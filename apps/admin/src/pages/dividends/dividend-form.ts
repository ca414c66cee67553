import { CURRENCIES } from '@parcelle/shared/constants';
import { ZDeclareDividend } from '@parcelle/shared/contracts/admin';
import { messages } from '@parcelle/shared/i18n/messages';
import { fromMajorString } from '@parcelle/shared/money';
import { z } from 'zod';
import type { Language } from '../../providers/i18n';

/** What the operator types; turned into POST /api/admin/dividends' body and checked by the shared contract. */
export const ZDividendFormInput = z.object({
  painting_id: z.string(),
  year: z.string(),
  currency: z.enum(CURRENCIES),
  mode: z.enum(['total', 'perPart']),
  amount: z.string(),
  /** datetime-local text (the operator's time zone), or empty for "now". */
  record_date: z.string(),
});
export type TDividendFormInput = z.infer<typeof ZDividendFormInput>;

/** The form, parsed into the API's body: amounts in exact minor units (no float), then the shared contract. */
export const ZDividendForm = ZDividendFormInput.transform((value, ctx) => {
  let minor: number | undefined;
  try {
    minor = fromMajorString(value.amount);
  } catch {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: 'DividendAmountInvalid' });
    return z.NEVER;
  }
  const recordDate = value.record_date.trim() ? new Date(value.record_date) : undefined;
  if (recordDate && Number.isNaN(recordDate.getTime())) {
    ctx.addIssue({ code: 'custom', path: ['record_date'], message: 'InvalidRequest' });
    return z.NEVER;
  }
  const body = {
    painting_id: value.painting_id.trim(),
    year: Number(value.year),
    currency: value.currency,
    ...(value.mode === 'total' ? { total_amount_minor: minor } : { amount_per_part_minor: minor }),
    ...(recordDate ? { record_date: recordDate.toISOString() } : {}),
  };
  // The shared contract decides, with the API's own messages; its issues keep their paths (FIELD_OF maps them).
  const checked = ZDeclareDividend.safeParse(body);
  if (!checked.success) {
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  }
  return checked.data;
});

/** Where the contract's fields show their error on the form. */
export const FIELD_OF: Record<string, keyof TDividendFormInput> = {
  painting_id: 'painting_id',
  year: 'year',
  currency: 'currency',
  total_amount_minor: 'amount',
  amount_per_part_minor: 'amount',
  amount: 'amount',
  record_date: 'record_date',
};

/** A contract error (a message key of the shared messages, or zod's own text) in the interface language. */
export function issueText(message: string | undefined, language: Language): string {
  if (message && message in messages) return messages[message as keyof typeof messages][language];
  return messages.InvalidRequest[language];
}
