import { type TPaintingInput, ZPaintingInput } from '@parcelle/shared/contracts/catalogue-admin';
import { messages } from '@parcelle/shared/i18n/messages';
import { fromMajorString, toMajorString } from '@parcelle/shared/money';
import { totalPartsForDimensions } from '@parcelle/shared/parts';
import { missingTranslation } from '@parcelle/shared/validation/bilingual';
import { z } from 'zod';
import type { Language } from '../../providers/i18n';

/** What the operator types on the work form (all text); parsed into POST/PATCH /api/admin/paintings' body. */
export const ZWorkFormInput = z.object({
  artist_id: z.string(),
  title_en: z.string(),
  title_fr: z.string(),
  description_en: z.string(),
  description_fr: z.string(),
  type_en: z.string(),
  type_fr: z.string(),
  year: z.string(),
  width_cm: z.string(),
  height_cm: z.string(),
  price_per_part: z.string(),
  certificate_wording_en: z.string(),
  certificate_wording_fr: z.string(),
  entry_fee: z.string(),
  storage_cost_yearly: z.string(),
  insurance_cost_yearly: z.string(),
  exit_fee: z.string(),
  /** A percentage with up to two decimals ("2.5" = 250 basis points). */
  exit_share_percent: z.string(),
  custody_place_en: z.string(),
  custody_place_fr: z.string(),
  insurer: z.string(),
  target_holding_years: z.string(),
});
export type TWorkFormInput = z.infer<typeof ZWorkFormInput>;

export const EMPTY_WORK: TWorkFormInput = {
  artist_id: '',
  title_en: '',
  title_fr: '',
  description_en: '',
  description_fr: '',
  type_en: '',
  type_fr: '',
  year: '',
  width_cm: '',
  height_cm: '',
  price_per_part: '',
  certificate_wording_en: '',
  certificate_wording_fr: '',
  entry_fee: '',
  storage_cost_yearly: '',
  insurance_cost_yearly: '',
  exit_fee: '',
  exit_share_percent: '',
  custody_place_en: '',
  custody_place_fr: '',
  insurer: '',
  target_holding_years: '',
};

/** A whole number typed as text; NaN when it is not one (the contract then says what is wrong). */
function integer(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** An amount in major units as exact minor units; undefined when empty, NaN when unreadable. */
function minorOf(text: string): number | undefined {
  if (!text.trim()) return undefined;
  try {
    return fromMajorString(text);
  } catch {
    return Number.NaN;
  }
}

/** "2.5" % → 250 basis points (exact, through the same two-decimal parser as money). */
function bpsOf(text: string): number | null {
  if (!text.trim()) return null;
  try {
    return fromMajorString(text);
  } catch {
    return Number.NaN;
  }
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** Where a contract field shows its error on the form. */
export const FIELD_OF: Record<string, keyof TWorkFormInput> = {
  price_per_part_minor: 'price_per_part',
  entry_fee_minor: 'entry_fee',
  storage_cost_yearly_minor: 'storage_cost_yearly',
  insurance_cost_yearly_minor: 'insurance_cost_yearly',
  exit_fee_minor: 'exit_fee',
  exit_share_bps: 'exit_share_percent',
};

/** The form, parsed into the API's body and checked by the shared contract (its message keys as errors). */
export const ZWorkForm = ZWorkFormInput.transform((value, ctx): TPaintingInput => {
  const body = {
    artist_id: value.artist_id,
    title_en: value.title_en,
    title_fr: value.title_fr,
    description_en: value.description_en,
    description_fr: value.description_fr,
    type_en: value.type_en,
    type_fr: value.type_fr,
    year: integer(value.year),
    width_cm: integer(value.width_cm),
    height_cm: integer(value.height_cm),
    price_per_part_minor: minorOf(value.price_per_part) ?? Number.NaN,
    ...(value.certificate_wording_en.trim() ? { certificate_wording_en: value.certificate_wording_en } : {}),
    ...(value.certificate_wording_fr.trim() ? { certificate_wording_fr: value.certificate_wording_fr } : {}),
    entry_fee_minor: minorOf(value.entry_fee) ?? null,
    storage_cost_yearly_minor: minorOf(value.storage_cost_yearly) ?? null,
    insurance_cost_yearly_minor: minorOf(value.insurance_cost_yearly) ?? null,
    exit_fee_minor: minorOf(value.exit_fee) ?? null,
    exit_share_bps: bpsOf(value.exit_share_percent),
    custody_place_en: orNull(value.custody_place_en),
    custody_place_fr: orNull(value.custody_place_fr),
    insurer: orNull(value.insurer),
    target_holding_years: value.target_holding_years.trim() ? integer(value.target_holding_years) : null,
  };
  const checked = ZPaintingInput.safeParse(body);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? '');
      ctx.addIssue({ code: 'custom', path: [FIELD_OF[field] ?? field], message: issue.message });
    }
    return z.NEVER;
  }
  // A text members read is written in both languages or in neither (the rule the API refuses with, issue 32).
  const missing = missingTranslation(body);
  if (missing) {
    ctx.addIssue({ code: 'custom', path: [missing], message: 'TranslationMissing' });
    return z.NEVER;
  }
  return checked.data;
});

/** Minor units as the operator types them: a decimal comma in French ("2,50"), a point in English; parsed back by minorOf. */
const majorIn = (language: 'en' | 'fr') => (minor: number | null | undefined) =>
  minor === null || minor === undefined ? '' : toMajorString(minor).replace('.', language === 'fr' ? ',' : '.');

/** An API work as the form's text fields (edit), amounts written as the interface language writes them. */
export function toFormValues(
  work: {
    [K in keyof TPaintingInput]-?: unknown;
  },
  language: 'en' | 'fr' = 'en',
): TWorkFormInput {
  const major = majorIn(language);
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  return {
    artist_id: text(work.artist_id),
    title_en: text(work.title_en),
    title_fr: text(work.title_fr),
    description_en: text(work.description_en),
    description_fr: text(work.description_fr),
    type_en: text(work.type_en),
    type_fr: text(work.type_fr),
    year: text(work.year),
    width_cm: text(work.width_cm),
    height_cm: text(work.height_cm),
    price_per_part: major(work.price_per_part_minor as number),
    certificate_wording_en: text(work.certificate_wording_en),
    certificate_wording_fr: text(work.certificate_wording_fr),
    entry_fee: major(work.entry_fee_minor as number | null),
    storage_cost_yearly: major(work.storage_cost_yearly_minor as number | null),
    insurance_cost_yearly: major(work.insurance_cost_yearly_minor as number | null),
    exit_fee: major(work.exit_fee_minor as number | null),
    exit_share_percent: major(work.exit_share_bps as number | null),
    custody_place_en: text(work.custody_place_en),
    custody_place_fr: text(work.custody_place_fr),
    insurer: text(work.insurer),
    target_holding_years: text(work.target_holding_years),
  };
}

/** The parts the dimensions make (9 per cm²), or null while they are not two positive whole numbers. */
export function liveParts(width: string, height: string): number | null {
  const w = integer(width);
  const h = integer(height);
  if (!(w > 0 && h > 0)) return null;
  try {
    return totalPartsForDimensions(w, h);
  } catch {
    return null;
  }
}

/** A contract error (a key of the shared messages) in the interface language. */
export function issueText(message: string | undefined, language: Language): string {
  if (message && message in messages) return messages[message as keyof typeof messages][language];
  return messages.InvalidRequest[language];
}
