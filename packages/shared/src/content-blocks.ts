import type { TContentBlock } from './contracts/catalogue';

/** One block of an editorial page, by its kind. */
export type ContentBlockOf<T extends TContentBlock['type']> = Extract<TContentBlock, { type: T }>;

/** Consecutive blocks of one kind shown together: people as a grid, links as a list, questions as one list. */
export type ContentBlockGroup =
  | { kind: 'single'; block: Exclude<TContentBlock, { type: 'person' | 'link' | 'qa' }>; index: number }
  | { kind: 'person'; blocks: ContentBlockOf<'person'>[]; index: number }
  | { kind: 'link'; blocks: ContentBlockOf<'link'>[]; index: number }
  | { kind: 'qa'; blocks: ContentBlockOf<'qa'>[]; index: number };

/**
 * The grouping of an editorial page's blocks, one rule for the public page (apps/web features/content) and the
 * console's preview (apps/admin pages/content), so the preview shows what the site will.
 */
export function groupContentBlocks(blocks: readonly TContentBlock[]): ContentBlockGroup[] {
  const groups: ContentBlockGroup[] = [];
  blocks.forEach((block, index) => {
    const last = groups.at(-1);
    if (block.type === 'person' || block.type === 'link' || block.type === 'qa') {
      if (last && last.kind === block.type) (last.blocks as TContentBlock[]).push(block);
      else groups.push({ kind: block.type, blocks: [block], index } as ContentBlockGroup);
    } else {
      groups.push({ kind: 'single', block, index });
    }
  });
  return groups;
}
