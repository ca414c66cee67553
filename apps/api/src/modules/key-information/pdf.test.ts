import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { contentHash, type KeyInformationFacts, keyInformationContent } from './content';
import { KEY_INFORMATION_MAX_PAGES, renderKeyInformationPdf } from './pdf';

/**
 * The six-page ceiling (issue 30) with the longest content the console accepts: every free text at its maximum
 * length (titles 300, types 200, artist 200, method 2,000 in each language, custody 300, appraiser and insurer 300, the issuer's fields at
 * theirs), long words included, every fee set, in both languages.
 */
const long = (length: number, word: string) => {
  let text = '';
  while (text.length < length) text += `${word} `;
  return text.slice(0, length).trim();
};

const LONGEST: KeyInformationFacts = {
  paintingId: '00000000-0000-4000-8000-000000000001',
  slug: 'the-longest-work',
  titleEn: long(300, 'Composition'),
  titleFr: long(300, 'Composition'),
  artist: long(200, 'Marie-Hélène de Saint-Exupéry-Laborde'),
  typeEn: long(200, 'Oil, tempera and gold leaf on linen'),
  typeFr: long(200, 'Huile, tempera et feuille d’or sur lin'),
  year: 1987,
  widthCm: 400,
  heightCm: 300,
  totalParts: 400 * 300 * 9,
  pricePerPartMinor: 123_456,
  entryFeeMinor: 12_345,
  storageCostYearlyMinor: 1_234_567,
  insuranceCostYearlyMinor: 2_345_678,
  exitFeeMinor: null,
  exitShareBps: 1_250,
  custodyPlaceEn: long(300, 'Ports Francs et Entrepôts de Genève, climate-controlled vault'),
  custodyPlaceFr: long(300, 'Ports Francs et Entrepôts de Genève, chambre forte climatisée'),
  insurer: long(300, 'AXA XL Art & Lifestyle'),
  targetHoldingYears: 12,
  valuation: {
    valueMinor: 999_999_999_99,
    currency: 'EURO',
    valuedOn: '2026-06-30',
    appraiser: long(300, 'Cabinet d’expertise Turquin & Associés'),
    methodEn: long(2_000, 'Comparable sales of the artist at public auction over the last five years, adjusted'),
    methodFr: long(2_000, 'Ventes comparables de l’artiste aux enchères publiques sur les cinq dernières années'),
  },
  issuer: {
    name: long(200, 'Parcelle Société par actions simplifiée'),
    address: long(300, '12 rue des Ateliers, 75011 Paris, France'),
    registration: long(200, 'RCS Paris 912 345 678'),
  },
  registrationNumber: 'AMF-DIV-2026-000123456789',
  exits: { minQuorumBps: 5_000, minMajorityBps: 5_001, minWindowDays: 7 },
};

describe('the key information PDF', () => {
  it.each(['en', 'fr'] as const)('fits the longest realistic content in at most six A4 pages (%s)', async (lang) => {
    const content = keyInformationContent(LONGEST);
    const bytes = await renderKeyInformationPdf({
      document: content[lang],
      language: lang,
      version: 12,
      publishedAt: new Date('2026-07-01T09:00:00Z'),
      contentHash: contentHash(content),
    });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    expect(pdf.getPageCount()).toBeLessThanOrEqual(KEY_INFORMATION_MAX_PAGES);
    const [width, height] = [pdf.getPage(0).getWidth(), pdf.getPage(0).getHeight()];
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(pdf.getTitle()).toBe(content[lang].title);
  });

  it('refuses to serve a document longer than the ceiling rather than break the rule', async () => {
    const content = keyInformationContent(LONGEST);
    const document = { ...content.en, sections: Array.from({ length: 8 }, () => content.en.sections).flat() };
    await expect(
      renderKeyInformationPdf({
        document,
        language: 'en',
        version: 1,
        publishedAt: new Date('2026-07-01T09:00:00Z'),
        contentHash: contentHash(content),
      }),
    ).rejects.toThrow(/longer than 6 pages/);
  });
});
