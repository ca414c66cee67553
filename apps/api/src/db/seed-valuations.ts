import { divideRounded } from '@parcelle/shared';
import type { Database } from './client';
import { paintingValuations, users } from './schema';
import { randomFrom, SEED_LAST_YEAR, stableId } from './seed-random';

/** First year of each painting's appraisals. */
const VALUATIONS_FROM = 2016;

/** The seed's appraisers (fictitious names, marked as seed data) take turns, as a work is reappraised. */
const SEED_APPRAISERS = [
  'Cabinet Lenoir, fine-art appraisers (seed data)',
  'Atelier Varenne Expertise (seed data)',
] as const;
const SEED_METHOD = {
  en:
    'Comparable auction sales of the artist’s works of similar size, period and medium over the last three years, ' +
    'adjusted for condition and provenance',
  fr:
    'Ventes aux enchères comparables d’œuvres de l’artiste de format, de période et de technique semblables sur les ' +
    'trois dernières années, ajustées selon l’état et la provenance',
};

/** The account the seed's appraisals are entered under: it has no password, so no one signs in with it. */
export const SEED_CATALOGUER_ID = stableId('user:seed-cataloguer');

const shrink = (value: number, perMille: number) =>
  Number(divideRounded(BigInt(value) * 1000n, BigInt(1000 + perMille)));

/**
 * One appraisal per painting and year (31 December, 2016 to the last seeded year), going back from the work's price
 * today (price per part × parts) by a pseudo-random yearly change: the public value chart and the changes shown in
 * the lists come from these (issue 15). Idempotent: fixed ids.
 */
export async function seedValuations(db: Database, works: { id: string; slug: string; value: number }[]) {
  await db
    .insert(users)
    .values({
      id: SEED_CATALOGUER_ID,
      email: 'cataloguer@seed.parcelle.invalid',
      passwordHash: '!seed-cataloguer: no password',
      firstName: 'Seed',
      lastName: 'Cataloguer',
      currency: 'EURO',
      language: 'en',
    })
    .onConflictDoNothing();
  const rows = works.flatMap((work) => {
    const random = randomFrom(`history:${work.slug}`);
    const values = [];
    let value = work.value;
    for (let year = SEED_LAST_YEAR; year >= VALUATIONS_FROM; year--) {
      values.push({
        id: stableId(`valuation:${work.slug}:${year}`),
        paintingId: work.id,
        valuedOn: `${year}-12-31`,
        valueMinor: value,
        currency: 'EURO' as const,
        appraiser: year % 2 === 0 ? SEED_APPRAISERS[0] : SEED_APPRAISERS[1],
        methodEn: SEED_METHOD.en,
        methodFr: SEED_METHOD.fr,
        createdBy: SEED_CATALOGUER_ID,
      });
      value = Math.max(1, shrink(value, random(-40, 150)));
    }
    return values;
  });
  await db.insert(paintingValuations).values(rows).onConflictDoNothing();
}
