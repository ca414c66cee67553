/**
 * The soak's small works (scripts/soak/soak.mjs): a few works of a few dozen parts each on the primary market, so
 * that they sell out during a run and open on the secondary market. Run with DATABASE_URL set, after the server
 * migrated the database: `node --import tsx scripts/soak/seed-works.ts <count>`. Each has its key information
 * document (version 1, as the seed's works have), without which no primary purchase of it is taken. Prints the works
 * as JSON.
 */
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../apps/api/src/config';
import { openPostgres } from '../../apps/api/src/db/client';
import { artists, paintings } from '../../apps/api/src/db/schema';
import { SEED_CATALOGUER_ID } from '../../apps/api/src/db/seed-valuations';
import { seedKeyInformation } from '../../apps/api/src/modules/key-information/seed';
import { issueParts } from '../../apps/api/src/modules/parts/register';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const count = Number(process.argv[2] ?? 6);
const database = await openPostgres(url);
try {
  const [artist] = await database.db.select({ id: artists.id }).from(artists).limit(1);
  if (!artist) throw new Error('no artist: start the server once so that it seeds the catalogue');
  const works = [];
  for (let index = 0; index < count; index++) {
    const side = index === 5 ? 2 : 1; // 1×1 cm (9 parts), the sixth 2×2 cm (36 parts)
    const slug = `soak-${index}-${randomUUID().slice(0, 8)}`;
    const [painting] = await database.db
      .insert(paintings)
      .values({
        slug,
        artistId: artist.id,
        titleEn: `Soak work ${index + 1}`,
        titleFr: `Œuvre d’endurance ${index + 1}`,
        descriptionEn: 'A work made for the soak test.',
        descriptionFr: 'Une œuvre faite pour le test d’endurance.',
        typeEn: 'Oil on canvas',
        typeFr: 'Huile sur toile',
        year: 2020,
        widthCm: side,
        heightCm: side,
        market: 2,
        pricePerPartMinor: 100 + 50 * index,
        totalParts: side * side * 9,
        soldParts: 0,
        coverKey: 'artworks/test/cover.webp',
      })
      .returning();
    if (!painting) throw new Error('work not created');
    await database.db.transaction((tx) => issueParts(tx, painting));
    works.push({ id: painting.id, totalParts: painting.totalParts, priceMinor: painting.pricePerPartMinor });
  }
  // A primary sale needs the work's key information document (issue 30), published as the seed publishes the demo
  // catalogue's: without it every primary purchase of these works was refused (403) and none sold out in a run.
  await seedKeyInformation(
    database.db,
    loadConfig({}),
    works.map((work, index) => ({ id: work.id, registrationNumber: `SOAK-KID-${index + 1}` })),
    SEED_CATALOGUER_ID,
  );
  console.log(JSON.stringify(works));
} finally {
  await database.close();
}
