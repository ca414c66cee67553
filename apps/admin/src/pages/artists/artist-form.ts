import { type TArtistInput, ZArtistInput, ZArtistYearInput } from '@parcelle/shared/contracts/catalogue-admin';
import { fromMajorString, toMajorString } from '@parcelle/shared/money';
import { z } from 'zod';

/** The artist form as typed; parsed into POST/PATCH /api/admin/artists' body by the shared contract. */
export const ZArtistFormInput = z.object({
  name: z.string(),
  date_of_birth: z.string(),
  date_of_death: z.string(),
  bio_en: z.string(),
  bio_fr: z.string(),
  record_price: z.string(),
});
export type TArtistFormInput = z.infer<typeof ZArtistFormInput>;
export const EMPTY_ARTIST: TArtistFormInput = {
  name: '',
  date_of_birth: '',
  date_of_death: '',
  bio_en: '',
  bio_fr: '',
  record_price: '',
};

function minorOf(text: string): number | null {
  if (!text.trim()) return null;
  try {
    return fromMajorString(text);
  } catch {
    return Number.NaN;
  }
}

function count(text: string): number {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/** Moves the contract's issues onto the typed fields (`record_price_minor` → `record_price`). */
function report(ctx: z.RefinementCtx, issues: z.core.$ZodIssue[]) {
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '').replace(/_minor$/, '');
    ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
  }
}

export const ZArtistForm = ZArtistFormInput.transform((value, ctx): TArtistInput => {
  const checked = ZArtistInput.safeParse({
    name: value.name,
    date_of_birth: value.date_of_birth.trim() || null,
    date_of_death: value.date_of_death.trim() || null,
    bio_en: value.bio_en,
    bio_fr: value.bio_fr,
    record_price_minor: minorOf(value.record_price),
  });
  if (!checked.success) {
    report(ctx, checked.error.issues);
    return z.NEVER;
  }
  return checked.data;
});

export function artistFormValues(artist: {
  name: string;
  date_of_birth: string | null;
  date_of_death: string | null;
  bio_en: string;
  bio_fr: string;
  record_price_minor: number | null;
}): TArtistFormInput {
  return {
    name: artist.name,
    date_of_birth: artist.date_of_birth?.slice(0, 10) ?? '',
    date_of_death: artist.date_of_death?.slice(0, 10) ?? '',
    bio_en: artist.bio_en,
    bio_fr: artist.bio_fr,
    record_price: artist.record_price_minor === null ? '' : toMajorString(artist.record_price_minor),
  };
}

/** One year of auction figures as typed (EUR amounts in major units). */
export const ZYearFormInput = z.object({
  year: z.string(),
  turnover: z.string(),
  lots_sold: z.string(),
  lots_unsold: z.string(),
  avg_price_cm2: z.string(),
  record_price: z.string(),
});
export type TYearFormInput = z.infer<typeof ZYearFormInput>;
export const EMPTY_YEAR: TYearFormInput = {
  year: '',
  turnover: '',
  lots_sold: '',
  lots_unsold: '',
  avg_price_cm2: '',
  record_price: '',
};
export type TYearForm = { year: number; body: z.infer<typeof ZArtistYearInput> };

export const ZYearForm = ZYearFormInput.transform((value, ctx): TYearForm => {
  const year = count(value.year);
  if (!(year >= 1800 && year <= 2200)) ctx.addIssue({ code: 'custom', path: ['year'], message: 'InvalidYear' });
  const checked = ZArtistYearInput.safeParse({
    turnover_minor: minorOf(value.turnover) ?? Number.NaN,
    lots_sold: count(value.lots_sold),
    lots_unsold: count(value.lots_unsold),
    avg_price_cm2_minor: minorOf(value.avg_price_cm2) ?? Number.NaN,
    record_price_minor: minorOf(value.record_price),
  });
  if (!checked.success) {
    report(ctx, checked.error.issues);
    return z.NEVER;
  }
  return { year, body: checked.data };
});

export function yearFormValues(row: {
  year: number;
  turnover_minor: number;
  lots_sold: number;
  lots_unsold: number;
  avg_price_cm2_minor: number;
  record_price_minor: number | null;
}): TYearFormInput {
  return {
    year: String(row.year),
    turnover: toMajorString(row.turnover_minor),
    lots_sold: String(row.lots_sold),
    lots_unsold: String(row.lots_unsold),
    avg_price_cm2: toMajorString(row.avg_price_cm2_minor),
    record_price: row.record_price_minor === null ? '' : toMajorString(row.record_price_minor),
  };
}
