import '../zod-config';
import { z } from 'zod';

/** Both languages of a text, as every API message and error carries them (spec §7, §8). */
export const ZLocalized = z.object({ en: z.string(), fr: z.string() });

/** Success body: `{ status, data, message }` (spec §7). */
export const ZSuccess = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), data, message: ZLocalized });

/** Failure body: `{ status, error: { en, fr } }` (spec §8). */
export const ZFailure = z.object({
  status: z.number().int(),
  error: ZLocalized,
  /** The request field a validation error concerns, when there is one. */
  field: z.string().optional(),
  /** A gate's refusal (issue 29): the step that resolves it and the web page where it is taken. */
  step: z.string().optional(),
  page: z.string().optional(),
});

export type TFailure = z.infer<typeof ZFailure>;
