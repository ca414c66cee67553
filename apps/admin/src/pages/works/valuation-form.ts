import { CURRENCIES } from '@parcelle/shared/constants';
import { type TValuationInput, ZValuationInput } from '@parcelle/shared/contracts/catalogue-admin';
import { fromMajorString, toMajorString } from '@parcelle/shared/money';
import { z } from 'zod';

/** The appraisal form as typed (the optional PDF is sent first; its key joins the body). */
export const ZValuationFormInput = z.object({
  valued_on: z.string(),
  value: z.string(),
  currency: z.enum(CURRENCIES),
  appraiser: z.string(),
  method_en: z.string(),
  method_fr: z.string(),
});
export type TValuationFormInput = z.infer<typeof ZValuationFormInput>;

export const EMPTY_VALUATION: TValuationFormInput = {
  valued_on: '',
  value: '',
  currency: 'EURO',
  appraiser: '',
  method_en: '',
  method_fr: '',
};

/** The form as POST /admin/paintings/:id/valuations' body (without the document key), by the shared contract. */
export const ZValuationForm = ZValuationFormInput.transform((value, ctx): TValuationInput => {
  let minor: number;
  try {
    minor = fromMajorString(value.value);
  } catch {
    minor = Number.NaN;
  }
  const checked = ZValuationInput.safeParse({
    valued_on: value.valued_on,
    value_minor: minor,
    currency: value.currency,
    appraiser: value.appraiser,
    method_en: value.method_en,
    method_fr: value.method_fr,
  });
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? '');
      ctx.addIssue({ code: 'custom', path: [field === 'value_minor' ? 'value' : field], message: issue.message });
    }
    return z.NEVER;
  }
  return checked.data;
});

/** An appraisal as the form's fields (a correction starts from the appraisal it replaces). */
export function valuationFormValues(valuation: {
  valued_on: string;
  value_minor: number;
  currency: TValuationFormInput['currency'];
  appraiser: string;
  method_en: string;
  method_fr: string;
}): TValuationFormInput {
  return {
    valued_on: valuation.valued_on.slice(0, 10),
    value: toMajorString(valuation.value_minor),
    currency: valuation.currency,
    appraiser: valuation.appraiser,
    method_en: valuation.method_en,
    method_fr: valuation.method_fr,
  };
}
