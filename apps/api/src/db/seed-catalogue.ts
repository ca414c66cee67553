import {
  CONTENT_TYPES,
  DOCUMENT_KINDS,
  type DocumentKind,
  divideRounded,
  totalPartsForDimensions,
} from '@parcelle/shared';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { Storage } from '../adapters/storage/storage';
import { loadConfig } from '../config';
import { seedKeyInformation } from '../modules/key-information/seed';
import type { KeyInformationSettings } from '../modules/key-information/service';
import { MARKET } from '../modules/market/state';
import type { Database } from './client';
import {
  artists,
  artistYearlyStats,
  contentPages,
  exchangeRates,
  galleries,
  paintingDocuments,
  paintings,
  siteSettings,
} from './schema';
import { type Composition, SEED_ARTISTS, SEED_PAINTINGS, SEED_RATES } from './seed-catalogue-data';
import { SEED_GALLERIES, SEED_PAGES, SEED_SETTINGS } from './seed-content-data';
import { seedHoldings } from './seed-holdings';
import { seedSecondaryAsks } from './seed-market';
import { randomFrom, SEED_LAST_YEAR, stableId } from './seed-random';
import { SEED_CATALOGUER_ID, seedValuations } from './seed-valuations';

/** The seed's stable ids and generator, for the callers that already read them here. */
export { randomFrom, SEED_LAST_YEAR, stableId };

const LANGS = ['en', 'fr'] as const;

/** value × (1000 + perMille) / 1000, rounded half-even: yearly growth on integer minor units. */
const grow = (value: number, perMille: number) => Number(divideRounded(BigInt(value) * BigInt(1000 + perMille), 1000n));

/** Where the seeded works are kept, in turns: two bonded, climate-controlled art stores. */
const SEED_CUSTODY = [
  { en: 'Bonded art store, Pantin (Greater Paris)', fr: 'Entrepôt d’art sous douane, Pantin (Grand Paris)' },
  { en: 'Free-port art store, Geneva', fr: 'Entrepôt d’art en port franc, Genève' },
] as const;
/** The seed's insurer (a fictitious name): a fine-art policy "nail to nail", transport included. */
const SEED_INSURER = 'Valère Fine Art Insurance (seed data)';

/**
 * A seeded work's investment case (issue 17), in the orders of magnitude of the trade: the platform's entry fee 5 %
 * of each part's price (included in it), storage from €900 a year plus the canvas's surface, insurance 0.25 % of
 * the work's value a year, 2.5 % of the sale price at the exit, a target holding period of 5 to 8 years.
 */
function seedCase(painting: (typeof SEED_PAINTINGS)[number], totalParts: number, index: number) {
  const custody = SEED_CUSTODY[index % SEED_CUSTODY.length] ?? SEED_CUSTODY[0];
  const valueMinor = BigInt(painting.pricePerPart) * BigInt(totalParts);
  return {
    entryFeeMinor: Number(divideRounded(BigInt(painting.pricePerPart) * 5n, 100n)),
    storageCostYearlyMinor: 90_000 + painting.width * painting.height * 2,
    insuranceCostYearlyMinor: Number(divideRounded(valueMinor * 25n, 10_000n)),
    exitFeeMinor: null,
    exitShareBps: 250,
    custodyPlaceEn: custody.en,
    custodyPlaceFr: custody.fr,
    insurer: SEED_INSURER,
    targetHoldingYears: 5 + (index % 4),
  };
}

export const paintingKeys = (slug: string) => ({
  cover: `artworks/${slug}/cover.webp`,
  detail: `artworks/${slug}/detail.webp`,
});
export const artistImageKey = (slug: string) => `artworks/artists/${slug}.webp`;
export const documentKey = (slug: string, kind: DocumentKind, lang: 'en' | 'fr') =>
  `documents/${slug}/${kind}-${lang}.pdf`;
export const WEEX_DOCS = ['structure', 'controle', 'security', 'coverage', 'coverage_en'] as const;
export const weexKey = (name: (typeof WEEX_DOCS)[number]) => `documents/weex/${name.replace('_', '-')}.pdf`;

export type SeedCatalogueOptions = {
  /** Generate the artwork images and PDFs (default true). Tests that do not look at files skip them. */
  media?: boolean;
  /** The issuer and exit floors the seeded key information documents name (default: the default configuration). */
  keyInformation?: KeyInformationSettings;
};

/**
 * The demo catalogue of issue 4: artists with yearly auction data, paintings across the three market states
 * with value history and documents, EUR/USD rates, every content page, galleries and site settings.
 * Idempotent: fixed identifiers and `ON CONFLICT DO NOTHING`; files are generated only when missing.
 */
export async function seedCatalogue(db: Database, storage: Storage, options: SeedCatalogueOptions = {}): Promise<void> {
  const base = Date.UTC(2026, 0, 5);
  await db
    .insert(exchangeRates)
    .values(SEED_RATES.map(([day, rate]) => ({ day, base: 'EURO' as const, quote: 'USD' as const, rate })))
    .onConflictDoNothing();

  await db
    .insert(artists)
    .values(
      SEED_ARTISTS.map((artist, index) => ({
        id: stableId(`artist:${artist.slug}`),
        slug: artist.slug,
        name: artist.name,
        birthDate: artist.birth,
        deathDate: artist.death,
        bioEn: artist.bioEn,
        bioFr: artist.bioFr,
        imageKey: artistImageKey(artist.slug),
        recordPriceMinor: artist.record,
        recordPriceCurrency: 'EURO' as const,
        createdAt: new Date(base + index * 60_000),
      })),
    )
    .onConflictDoNothing();

  const stats = SEED_ARTISTS.flatMap((artist) => {
    const random = randomFrom(`stats:${artist.slug}`);
    const rows = [];
    let price = artist.startPriceCm2;
    for (let year = artist.firstYear; year <= SEED_LAST_YEAR; year++) {
      if (year > artist.firstYear) price = Math.max(1, grow(price, random(-90, 190)));
      const lotsSold = random(6, 38);
      rows.push({
        artistId: stableId(`artist:${artist.slug}`),
        year,
        avgPriceCm2Minor: price,
        lotsSold,
        lotsUnsold: random(1, 14),
        turnoverMinor: price * random(1800, 5200) * lotsSold,
      });
    }
    return rows;
  });
  await db.insert(artistYearlyStats).values(stats).onConflictDoNothing();

  const paintingRows = SEED_PAINTINGS.map((painting, index) => {
    const totalParts = totalPartsForDimensions(painting.width, painting.height);
    const soldParts =
      painting.market === MARKET.secondary
        ? totalParts
        : painting.market === MARKET.shown
          ? 0
          : Math.floor((totalParts * painting.soldPercent) / 100);
    const keys = paintingKeys(painting.slug);
    return {
      id: stableId(`painting:${painting.slug}`),
      slug: painting.slug,
      artistId: stableId(`artist:${painting.artist}`),
      titleEn: painting.titleEn,
      titleFr: painting.titleFr,
      descriptionEn: painting.descriptionEn,
      descriptionFr: painting.descriptionFr,
      typeEn: painting.typeEn,
      typeFr: painting.typeFr,
      year: painting.year,
      widthCm: painting.width,
      heightCm: painting.height,
      market: painting.market,
      pricePerPartMinor: painting.pricePerPart,
      totalParts,
      soldParts,
      coverKey: keys.cover,
      images: [keys.cover, keys.detail],
      ...seedCase(painting, totalParts, index),
      createdAt: new Date(base + 3_600_000 * (index + 1)),
    };
  });
  await db.insert(paintings).values(paintingRows).onConflictDoNothing();

  await seedValuations(
    db,
    paintingRows.map((row) => ({ id: row.id, slug: row.slug, value: row.pricePerPartMinor * row.totalParts })),
  );
  // Issue 30: each seeded work's key information document, version 1 (a primary sale needs one).
  await seedKeyInformation(
    db,
    options.keyInformation ?? loadConfig({}),
    paintingRows.map((row, index) => ({
      id: row.id,
      registrationNumber: `DEMO-KID-${String(index + 1).padStart(3, '0')}`,
    })),
    SEED_CATALOGUER_ID,
  );

  const documents = SEED_PAINTINGS.flatMap((painting) =>
    DOCUMENT_KINDS.filter((kind) => !painting.missing?.includes(kind as never)).flatMap((kind) =>
      LANGS.map((lang) => ({
        paintingId: stableId(`painting:${painting.slug}`),
        kind,
        lang,
        storageKey: documentKey(painting.slug, kind, lang),
      })),
    ),
  );
  await db.insert(paintingDocuments).values(documents).onConflictDoNothing();

  await db
    .insert(contentPages)
    .values(
      CONTENT_TYPES.map((type) => ({
        type,
        titleEn: SEED_PAGES[type].titleEn,
        titleFr: SEED_PAGES[type].titleFr,
        bodyEn: SEED_PAGES[type].en,
        bodyFr: SEED_PAGES[type].fr,
      })),
    )
    .onConflictDoNothing();

  await db
    .insert(galleries)
    .values(
      SEED_GALLERIES.map((gallery, position) => ({
        id: stableId(`gallery:${gallery.slug}`),
        slug: gallery.slug,
        titleEn: gallery.titleEn,
        titleFr: gallery.titleFr,
        imageKey: paintingKeys(gallery.painting).cover,
        position,
      })),
    )
    .onConflictDoNothing();

  await db
    .insert(siteSettings)
    .values([
      { key: 'social_media_links', value: SEED_SETTINGS.social_media_links },
      { key: 'registration_number', value: SEED_SETTINGS.registration_number },
      { key: 'weex_docs', value: Object.fromEntries(WEEX_DOCS.map((name) => [name, weexKey(name)])) },
    ])
    .onConflictDoNothing();

  await seedHoldings(db);
  await seedSecondaryAsks(db);

  if (options.media !== false) await seedMedia(storage);
}

// ---------------------------------------------------------------- generated media

/** Runs the jobs a few at a time (sharp uses the libuv pool; more at once only queues). */
async function inBatches(jobs: (() => Promise<void>)[], size = 4): Promise<void> {
  for (let i = 0; i < jobs.length; i += size) await Promise.all(jobs.slice(i, i + size).map((job) => job()));
}

async function putIfMissing(storage: Storage, key: string, contentType: string, make: () => Promise<Buffer>) {
  if (await storage.get(key)) return;
  await storage.put(key, await make(), contentType);
}

export async function seedMedia(storage: Storage): Promise<void> {
  const palettes = new Map(SEED_ARTISTS.map((artist) => [artist.slug, artist.palette]));
  const jobs: (() => Promise<void>)[] = [];
  for (const artist of SEED_ARTISTS) {
    jobs.push(() =>
      putIfMissing(storage, artistImageKey(artist.slug), 'image/webp', () =>
        renderWebp(composition('circles', artist.palette, 600, 600, `artist:${artist.slug}`), 600),
      ),
    );
  }
  for (const painting of SEED_PAINTINGS) {
    const palette = palettes.get(painting.artist) ?? ['#eee', '#333'];
    const width = 1200;
    const height = Math.round((1200 * painting.height) / painting.width);
    const keys = paintingKeys(painting.slug);
    jobs.push(() =>
      putIfMissing(storage, keys.cover, 'image/webp', () =>
        renderWebp(composition(painting.composition, palette, width, height, `cover:${painting.slug}`), width),
      ),
    );
    jobs.push(() =>
      putIfMissing(storage, keys.detail, 'image/webp', () =>
        renderWebp(composition(painting.composition, palette, 900, 900, `detail:${painting.slug}`), 900),
      ),
    );
    const artistName = SEED_ARTISTS.find((artist) => artist.slug === painting.artist)?.name ?? '';
    for (const kind of DOCUMENT_KINDS) {
      if (painting.missing?.includes(kind as never)) continue;
      for (const lang of LANGS) {
        jobs.push(() =>
          putIfMissing(storage, documentKey(painting.slug, kind, lang), 'application/pdf', () =>
            renderPdf(DOCUMENT_TITLES[kind][lang], [
              lang === 'fr' ? painting.titleFr : painting.titleEn,
              `${artistName}, ${painting.year}`,
              `${lang === 'fr' ? painting.typeFr : painting.typeEn}, ${painting.width} × ${painting.height} cm`,
            ]),
          ),
        );
      }
    }
  }
  for (const name of WEEX_DOCS) {
    jobs.push(() =>
      putIfMissing(storage, weexKey(name), 'application/pdf', () =>
        renderPdf(WEEX_TITLES[name], ['Parcelle SAS, 12 rue des Ateliers, 75011 Paris']),
      ),
    );
  }
  await inBatches(jobs);
}

const DOCUMENT_TITLES: Record<DocumentKind, { en: string; fr: string }> = {
  client_pdf: { en: 'Client prospectus', fr: 'Prospectus client' },
  technical_file: { en: 'Technical file', fr: 'Fiche technique' },
  auth_certif: { en: 'Certificate of authenticity', fr: 'Certificat d’authenticité' },
  property_title: { en: 'Property title', fr: 'Titre de propriété' },
  notice: { en: 'Information notice', fr: 'Notice d’information' },
};

const WEEX_TITLES: Record<(typeof WEEX_DOCS)[number], string> = {
  structure: 'Structure juridique / Legal structure',
  controle: 'Contrôle / Supervision',
  security: 'Sécurité des fonds / Security of funds',
  coverage: 'Couverture et garanties',
  coverage_en: 'Coverage and guarantees',
};

async function renderPdf(title: string, lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('Parcelle demo seed');
  pdf.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
  const page = pdf.addPage([595, 842]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawText('PARCELLE', { x: 56, y: 770, size: 12, font: bold, color: rgb(0.55, 0.42, 0.26) });
  page.drawText(title, { x: 56, y: 720, size: 22, font: bold });
  lines.forEach((line, index) => {
    page.drawText(line, { x: 56, y: 680 - index * 22, size: 13, font: regular });
  });
  page.drawText(
    'Specimen document generated for the demo catalogue. / Document spécimen du catalogue de démonstration.',
    {
      x: 56,
      y: 80,
      size: 8,
      font: regular,
      color: rgb(0.45, 0.45, 0.45),
    },
  );
  return Buffer.from(await pdf.save());
}

async function renderWebp(svg: string, width: number): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize({ width }).webp({ quality: 78 }).toBuffer();
}

/** An abstract composition drawn as SVG: colour fields, stripes, circles, hard-edge blocks, tesserae or a band. */
export function composition(
  kind: Composition,
  palette: string[],
  width: number,
  height: number,
  seedName: string,
): string {
  const random = randomFrom(seedName);
  const pick = () => palette[random(1, palette.length - 1)] ?? '#888';
  const ground = palette[0] ?? '#f0ece4';
  const shapes: string[] = [];
  const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
    shapes.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`);
  switch (kind) {
    case 'fields': {
      const margin = Math.round(width * 0.07);
      const count = random(2, 3);
      const gap = Math.round(height * 0.04);
      const fieldHeight = Math.round((height - 2 * margin - (count - 1) * gap) / count);
      rect(0, 0, width, height, pick());
      for (let i = 0; i < count; i++) {
        rect(
          margin,
          margin + i * (fieldHeight + gap),
          width - 2 * margin,
          fieldHeight,
          pick(),
          'rx="18" opacity="0.88"',
        );
      }
      break;
    }
    case 'stripes': {
      rect(0, 0, width, height, ground);
      let x = 0;
      while (x < width) {
        const w = random(Math.round(width / 40), Math.round(width / 9));
        rect(x, 0, w, height, pick(), `opacity="0.${random(75, 97)}"`);
        x += w + random(0, Math.round(width / 60));
      }
      break;
    }
    case 'circles': {
      rect(0, 0, width, height, ground);
      const count = random(1, 3);
      for (let i = 0; i < count; i++) {
        const r = random(Math.round(Math.min(width, height) * 0.18), Math.round(Math.min(width, height) * 0.34));
        shapes.push(
          `<circle cx="${random(r, width - r)}" cy="${random(r, height - r)}" r="${r}" fill="${pick()}" opacity="0.82"/>`,
        );
      }
      break;
    }
    case 'blocks': {
      rect(0, 0, width, height, ground);
      const columns = random(2, 4);
      const rows = random(2, 4);
      const cw = Math.ceil(width / columns);
      const rh = Math.ceil(height / rows);
      for (let c = 0; c < columns; c++) {
        for (let r = 0; r < rows; r++) if (random(0, 3) > 0) rect(c * cw, r * rh, cw, rh, pick());
      }
      const diagonal = random(0, 1) === 1;
      if (diagonal)
        shapes.push(`<polygon points="0,${height} ${width},0 ${width},${height}" fill="${pick()}" opacity="0.9"/>`);
      break;
    }
    case 'tesserae': {
      rect(0, 0, width, height, ground);
      const size = Math.round(width / 24);
      for (let y = 0; y < height; y += size) {
        for (let x = 0; x < width; x += size) rect(x + 2, y + 2, size - 4, size - 4, pick(), 'rx="3"');
      }
      break;
    }
    case 'band': {
      rect(0, 0, width, height, palette[1] ?? '#222');
      const bandWidth = random(Math.round(width * 0.06), Math.round(width * 0.16));
      rect(
        random(Math.round(width * 0.2), Math.round(width * 0.7)),
        0,
        bandWidth,
        height,
        palette[3] ?? '#ddd',
        'opacity="0.92"',
      );
      rect(0, Math.round(height * 0.85), width, Math.round(height * 0.15), pick(), 'opacity="0.35"');
      break;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${shapes.join('')}</svg>`;
}
