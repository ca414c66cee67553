import { type Currency, formatDate, formatMoney, type Language, toMajorString } from '@parcelle/shared';
import { sql } from 'drizzle-orm';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { type Executor, queryRows } from '../../db/client';
import { csvCell } from '../../http/csv';
import { type ValuePoint, valueHistories } from '../catalogue/value-history';
import { toWinAnsi } from '../certificates/certificate-pdf';
import type { Rates } from '../fx/rates';
import { integerOf } from './money';
import { holdingValue } from './performance';
import { ACCENT, fit, HEIGHT, INK, MARGIN, MUTED, WIDTH } from './statements';

/**
 * The annual statement per investor (issue 30, the biens divers obligation, CMF L.551-1 ff.): what the member held
 * at the end of a calendar year (UTC), work by work, read from the parts register as it stood then (their own
 * entries, plus the parts of their listings, which are still theirs), each valued at the work's latest appraisal on
 * or before 31 December (its whole value × parts held ÷ parts in the work, in the member's currency at the
 * appraisal's day's rate), or, for a work never appraised, at its part price. Rendered by the statement job as PDF
 * and CSV like the yearly statement; sent once a year by annual-statement-jobs.ts.
 */

export type AnnualLine = {
  paintingId: string;
  titleEn: string;
  titleFr: string;
  parts: number;
  totalParts: number;
  /** The appraisal used (null: never appraised by then; the part price stands). */
  valuation: ValuePoint | null;
  /** The value of the parts held, in the report's currency. */
  valueMinor: number;
};

export type AnnualReport = { year: number; asOf: Date; currency: Currency; lines: AnnualLine[]; totalMinor: number };

type Row = {
  painting_id: string;
  quantity: number;
  title_en: string;
  title_fr: string;
  total_parts: number;
  price_per_part_minor: string;
};

/** The end of a calendar year (UTC), or now for the year under way. */
export function annualCutOff(year: number, now = new Date()): Date {
  const end = new Date(Date.UTC(year + 1, 0, 1));
  return end.getTime() < now.getTime() ? end : now;
}

/** The member's holdings per work at `asOf`, from the parts register (entries written before it). */
async function heldAt(db: Executor, userId: string, asOf: Date): Promise<Row[]> {
  const at = asOf.toISOString();
  return queryRows<Row>(
    db,
    sql`SELECT h.painting_id, sum(h.quantity)::int AS quantity, p.title_en, p.title_fr, p.total_parts,
          p.price_per_part_minor::text
        FROM (
          SELECT e.painting_id, e.quantity FROM part_entries e
          WHERE e.user_id = ${userId} AND e.holder_kind = 'member' AND e.created_at < ${at}
          UNION ALL
          SELECT e.painting_id, e.quantity FROM part_entries e JOIN listings l ON l.id = e.listing_id
          WHERE l.seller_id = ${userId} AND e.holder_kind = 'listed' AND e.created_at < ${at}
        ) h
        JOIN paintings p ON p.id = h.painting_id
        GROUP BY h.painting_id, p.title_en, p.title_fr, p.total_parts, p.price_per_part_minor
        HAVING sum(h.quantity) > 0
        ORDER BY p.title_en, h.painting_id`,
  );
}

export async function annualReport(
  db: Executor,
  userId: string,
  year: number,
  currency: Currency,
  rates: Rates,
  now = new Date(),
): Promise<AnnualReport> {
  const asOf = annualCutOff(year, now);
  const rows = await heldAt(db, userId, asOf);
  const histories = await valueHistories(
    db,
    rows.map((row) => row.painting_id),
  );
  const lastDay = asOf.toISOString().slice(0, 10);
  const lines = rows.map((row): AnnualLine => {
    const points = (histories.get(row.painting_id) ?? []).filter((point) => point.valuedOn <= lastDay);
    const valuation = points.at(-1) ?? null;
    const work = {
      paintingId: row.painting_id,
      titleEn: row.title_en,
      titleFr: row.title_fr,
      quantity: Number(row.quantity),
      totalParts: Number(row.total_parts),
      pricePerPartMinor: integerOf(row.price_per_part_minor),
    };
    return {
      paintingId: row.painting_id,
      titleEn: row.title_en,
      titleFr: row.title_fr,
      parts: work.quantity,
      totalParts: work.totalParts,
      valuation,
      valueMinor: holdingValue(rates, work, work.quantity, valuation ?? undefined, currency),
    };
  });
  return { year, asOf, currency, lines, totalMinor: lines.reduce((total, line) => total + line.valueMinor, 0) };
}

// ---------------------------------------------------------------- texts

const TEXT = {
  en: {
    title: (year: number) => `Annual statement of holdings ${year}`,
    asOf: 'Holdings as of',
    member: 'Member',
    generated: 'Generated on',
    work: 'Work',
    parts: 'Parts held',
    share: 'Of',
    valuedOn: 'Latest valuation',
    workValue: 'Work valued at',
    value: 'Value of your parts',
    currency: 'Currency',
    total: 'Total',
    none: 'You held no parts at that date.',
    partPrice: 'part price (not yet appraised)',
    notes: (currency: string) => [
      `Values in ${currency}: each work's latest appraisal on or before the date above, times the parts you held, divided by the work's parts.`,
      'A work not yet appraised is valued at its part price. Past values do not predict future ones; you may lose all the capital invested.',
      'Parts you offered for sale on the market are still yours and are counted.',
    ],
  },
  fr: {
    title: (year: number) => `Relevé annuel des avoirs ${year}`,
    asOf: 'Avoirs au',
    member: 'Membre',
    generated: 'Établi le',
    work: 'Œuvre',
    parts: 'Parts détenues',
    share: 'Sur',
    valuedOn: 'Dernière évaluation',
    workValue: 'Œuvre évaluée à',
    value: 'Valeur de vos parts',
    currency: 'Devise',
    total: 'Total',
    none: 'Vous ne déteniez aucune part à cette date.',
    partPrice: 'prix de la part (pas encore évaluée)',
    notes: (currency: string) => [
      `Valeurs en ${currency}\u00a0: la dernière évaluation de chaque œuvre à la date ci-dessus au plus tard, multipliée par vos parts et divisée par le nombre de parts de l’œuvre.`,
      'Une œuvre pas encore évaluée l’est au prix de sa part. Les valeurs passées ne préjugent pas des valeurs futures\u00a0; vous pouvez perdre la totalité du capital investi.',
      'Les parts que vous avez mises en vente sur le marché restent les vôtres et sont comptées.',
    ],
  },
} as const;

const CURRENCY_NAME: Record<Currency, string> = { EURO: 'EUR', USD: 'USD' };
const title = (line: AnnualLine, lang: Language) => (lang === 'fr' ? line.titleFr : line.titleEn);
/** The day the holdings are read at, as the member reads it (the last day of the year, or today). */
const asOfDay = (report: AnnualReport) => new Date(report.asOf.getTime() - 1);

/** CSV as the other statements write it (UTF-8 with BOM, `;`, CRLF, ISO dates, amounts as exact decimal text). */
export function annualCsv(report: AnnualReport, lang: Language): string {
  const l = TEXT[lang];
  const currency = CURRENCY_NAME[report.currency];
  const lines = [[l.work, l.parts, l.share, l.valuedOn, l.value, l.currency].map(csvCell).join(';')];
  for (const line of report.lines) {
    lines.push(
      [
        csvCell(title(line, lang)),
        String(line.parts),
        String(line.totalParts),
        line.valuation?.valuedOn ?? '',
        toMajorString(line.valueMinor),
        currency,
      ].join(';'),
    );
  }
  lines.push([csvCell(l.total), '', '', '', toMajorString(report.totalMinor), currency].join(';'));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/** The statement as an A4 portrait PDF, in the member's language. */
export async function annualPdf(input: {
  report: AnnualReport;
  lang: Language;
  memberName: string;
  generatedAt: Date;
}): Promise<Uint8Array> {
  const { report, lang } = input;
  const l = TEXT[lang];
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${l.title(report.year)} — Parcelle`);
  pdf.setAuthor('Parcelle');
  pdf.setLanguage(lang === 'fr' ? 'fr-FR' : 'en-GB');
  pdf.setCreationDate(input.generatedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regularSet = new Set(regular.getCharacterSet());
  const charset = new Set([...bold.getCharacterSet()].filter((code) => regularSet.has(code)));
  const safe = (value: string) => toWinAnsi(value, charset);
  const money = (minor: number) => formatMoney(minor, report.currency, lang);
  let page: PDFPage = pdf.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const text = (value: string, x: number, size: number, font: PDFFont, color = INK) =>
    page.drawText(safe(value), { x, y, size, font, color });
  const newPageIfNeeded = (space: number) => {
    if (y - space > MARGIN) return;
    page = pdf.addPage([WIDTH, HEIGHT]);
    y = HEIGHT - MARGIN;
  };
  text('Parcelle', MARGIN, 12, bold, ACCENT);
  y -= 28;
  text(l.title(report.year), MARGIN, 18, bold);
  y -= 22;
  text(`${l.member}: ${input.memberName}`, MARGIN, 10, regular, MUTED);
  y -= 14;
  text(`${l.asOf} ${formatDate(asOfDay(report), lang)}`, MARGIN, 10, regular, MUTED);
  y -= 14;
  text(`${l.generated} ${formatDate(input.generatedAt, lang)}`, MARGIN, 10, regular, MUTED);
  y -= 28;
  const columns = [
    { label: l.work, x: MARGIN, width: 190 },
    { label: l.parts, x: MARGIN + 195, width: 70 },
    { label: l.valuedOn, x: MARGIN + 270, width: 125 },
    { label: l.value, x: MARGIN + 400, width: WIDTH - 2 * MARGIN - 400 },
  ];
  const header = () => {
    for (const column of columns) text(fit(safe(column.label), bold, 9, column.width), column.x, 9, bold);
    y -= 16;
  };
  header();
  if (report.lines.length === 0) {
    text(l.none, MARGIN, 10, regular, MUTED);
    y -= 16;
  }
  for (const line of report.lines) {
    newPageIfNeeded(30);
    if (y === HEIGHT - MARGIN) header();
    const valuation = line.valuation
      ? `${formatDate(line.valuation.valuedOn, lang)}: ${formatMoney(line.valuation.valueMinor, line.valuation.currency, lang)}`
      : l.partPrice;
    const cells = [title(line, lang), `${line.parts} / ${line.totalParts}`, valuation, money(line.valueMinor)];
    cells.forEach((value, index) => {
      const column = columns[index];
      if (column) text(fit(safe(value), regular, 9, column.width), column.x, 9, regular);
    });
    y -= 15;
  }
  newPageIfNeeded(80);
  y -= 6;
  text(`${l.total}: ${money(report.totalMinor)}`, MARGIN, 11, bold);
  y -= 24;
  for (const note of l.notes(CURRENCY_NAME[report.currency])) {
    newPageIfNeeded(14);
    text(fit(safe(note), regular, 8, WIDTH - 2 * MARGIN), MARGIN, 8, regular, MUTED);
    y -= 12;
  }
  return pdf.save();
}
