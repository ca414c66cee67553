import { createHash } from 'node:crypto';

/** The seed's deterministic ids and numbers (read by every seed file, so none imports another for them). */

/** Last year of the seeded yearly history. */
export const SEED_LAST_YEAR = 2025;

/** The same UUID for the same name at every run, so re-running the seed inserts nothing new. */
export function stableId(name: string): string {
  const hex = createHash('sha256').update(`parcelle-seed:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A small deterministic pseudo-random generator (mulberry32) seeded from a name. */
export function randomFrom(name: string): (min: number, max: number) => number {
  let state = createHash('sha256').update(name).digest().readUInt32LE(0);
  return (min, max) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return min + Math.floor(unit * (max - min + 1));
  };
}
