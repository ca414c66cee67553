import '@parcelle/shared/zod-config';
import { z } from 'zod';

/** What the quantity field keeps of what is typed: digits only, at most 8. */
export const quantityInput = (value: string) => value.replace(/\D/g, '').slice(0, 8);

/**
 * The sell form (spec §4 Sale): a whole number of parts from 1 to the parts in hand (held minus already for sale).
 * Messages are catalogue keys.
 */
export function sellForm(inHand: number) {
  return z.object({
    quantity: z
      .string()
      .trim()
      .min(1, { error: 'RequiredField' })
      .transform((text, ctx) => {
        const value = Number(text);
        if (!Number.isSafeInteger(value) || value < 1) {
          ctx.addIssue({ code: 'custom', message: 'SelectShares' });
          return z.NEVER;
        }
        if (value > inHand) {
          ctx.addIssue({ code: 'custom', message: 'NotEnoughPartsOwned' });
          return z.NEVER;
        }
        return value;
      }),
  });
}

export type SellFormInput = z.input<ReturnType<typeof sellForm>>;
export type SellFormValues = z.output<ReturnType<typeof sellForm>>;

/** The quantity typed so far, when it is a usable whole number (for the live total), else 0. */
export function typedQuantity(text: string | undefined): number {
  const value = Number(text);
  return text && Number.isSafeInteger(value) && value > 0 ? value : 0;
}
