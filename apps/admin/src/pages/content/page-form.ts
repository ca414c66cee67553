import type { TContentBlock } from '@parcelle/shared/contracts/catalogue';
import {
  type ContentBlockType,
  type TContentPageRequest,
  ZContentPageRequest,
} from '@parcelle/shared/contracts/content-admin';
import { z } from 'zod';

/**
 * The page editor's form: every block with the same fields whatever its kind (react-hook-form's field arrays move
 * and remove them as one shape, and a block keeps its texts when its kind is changed). A list's items are typed one
 * per line. The shared contract (ZContentPageRequest) then checks the page exactly as the API will.
 */
export const ZBlockFormInput = z.object({
  type: z.enum(['heading', 'paragraph', 'list', 'qa', 'person', 'link']),
  /** Heading and paragraph text; the optional line under a person or a link. */
  text: z.string(),
  /** A list's items, one per line. */
  items: z.string(),
  question: z.string(),
  answer: z.string(),
  name: z.string(),
  role: z.string(),
  label: z.string(),
  href: z.string(),
});
export type TBlockFormInput = z.infer<typeof ZBlockFormInput>;

export const ZPageFormInput = z.object({
  title_en: z.string(),
  title_fr: z.string(),
  en: z.array(ZBlockFormInput),
  fr: z.array(ZBlockFormInput),
});
export type TPageFormInput = z.infer<typeof ZPageFormInput>;

export function emptyBlock(type: ContentBlockType): TBlockFormInput {
  return { type, text: '', items: '', question: '', answer: '', name: '', role: '', label: '', href: '' };
}

export function blockFormValues(block: TContentBlock): TBlockFormInput {
  const empty = emptyBlock(block.type);
  switch (block.type) {
    case 'heading':
    case 'paragraph':
      return { ...empty, text: block.text };
    case 'list':
      return { ...empty, items: block.items.join('\n') };
    case 'qa':
      return { ...empty, question: block.question, answer: block.answer };
    case 'person':
      return { ...empty, name: block.name, role: block.role, text: block.text ?? '' };
    case 'link':
      return { ...empty, label: block.label, href: block.href, text: block.text ?? '' };
  }
}

export function pageFormValues(page: {
  title: { en: string; fr: string };
  body: { en: TContentBlock[]; fr: TContentBlock[] };
}): TPageFormInput {
  return {
    title_en: page.title.en,
    title_fr: page.title.fr,
    en: page.body.en.map(blockFormValues),
    fr: page.body.fr.map(blockFormValues),
  };
}

const optional = (text: string) => (text.trim() ? text : undefined);

/** A form block as the public shape, unchecked: what the preview renders while the operator types. */
export function blockOf(form: TBlockFormInput): TContentBlock {
  switch (form.type) {
    case 'heading':
    case 'paragraph':
      return { type: form.type, text: form.text };
    case 'list':
      return {
        type: 'list',
        items: form.items
          .split('\n')
          .map((item) => item.trim())
          .filter(Boolean),
      };
    case 'qa':
      return { type: 'qa', question: form.question, answer: form.answer };
    case 'person':
      return { type: 'person', name: form.name, role: form.role, ...(optional(form.text) && { text: form.text }) };
    case 'link':
      return { type: 'link', label: form.label, href: form.href, ...(optional(form.text) && { text: form.text }) };
  }
}

/** The request's issue paths on the form's fields: title.en → title_en, body.fr.3.items.0 → fr.3.items. */
function formPath(path: readonly PropertyKey[]): (string | number)[] {
  const [first, language, index, field] = path;
  if (first === 'title') return [`title_${String(language)}`];
  if (first === 'body' && index === undefined) return [String(language)];
  if (first === 'body' && typeof index === 'number') return [String(language), index, String(field ?? 'type')];
  return [String(first ?? 'root')];
}

export const ZPageForm = ZPageFormInput.transform((value, ctx): TContentPageRequest => {
  const checked = ZContentPageRequest.safeParse({
    title: { en: value.title_en, fr: value.title_fr },
    body: { en: value.en.map(blockOf), fr: value.fr.map(blockOf) },
  });
  if (!checked.success) {
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: 'custom', path: formPath(issue.path), message: issue.message });
    return z.NEVER;
  }
  return checked.data;
});
