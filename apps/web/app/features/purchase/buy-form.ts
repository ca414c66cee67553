import '@parcelle/shared/zod-config';
import type { MessageKey } from '@parcelle/shared/i18n/messages';
import { z } from 'zod';
import { parseQuantity, quantityProblem } from './order';

/** The /buy form: quantity (as typed), the certificate holder's name and the responsibility box (spec §1). */
export function buyFormSchema(available: number) {
  return z.object({
    quantity: z.string().superRefine((text, ctx) => {
      const problem = quantityProblem(parseQuantity(text), available);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    owner: z
      .string()
      .trim()
      .min(1, { error: 'OwnerNameRequired' })
      .max(200, { error: 'OwnerNameRequired' } satisfies { error: MessageKey }),
    responsibility: z.boolean().refine((accepted) => accepted, { error: 'ResponsibilityRequired' }),
  });
}
export type BuyFormInput = z.input<ReturnType<typeof buyFormSchema>>;
