import { randomBytes } from 'node:crypto';

/** A readable, unique-enough slug: the words of `text` in lower-case ASCII and six random hex digits. */
export function slugFrom(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `${words || 'item'}-${randomBytes(3).toString('hex')}`;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
