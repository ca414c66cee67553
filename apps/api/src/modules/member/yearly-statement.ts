import { type Currency, formatDate, formatMoney, formatNumber, type Language, toMajorString } from '@parcelle/shared';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { csvCell } from '../../http/csv';
import { toWinAnsi } from '../certificates/certificate-pdf';
import type { Rates } from '../fx/rates';
import { workCostBasis } from './cost-basis';
import { dayOf, displayMinor } from './money';
import type { PartsDisposal, PartsMovements } from './parts-movements';
import { ACCENT, fit, HEIGHT, INK, MARGIN, MUTED, WIDTH } from './statements';

/**
 * The yearly statement (issue 17), for a tax return: the purchases, the sales with their realised gains and the
 * dividends of one calendar year (UTC), in one currency (the member's), each amount converted at the rate of its
 * day as the portfolio does. A sale's cost basis is first in, first out over the member's whole history of the work
 * (cost-basis.ts): parts bought in earlier years are sold first. Rendered by the statement job (statement-jobs.ts)
 * as PDF and CSV, like the history statements.
 *
 * Fees: the fees of the year are the member's shares of exit fees, kept from exit payouts (the sale lines show the
 * payout net of them). A work's entry fee is inside its part price, so it is part of each purchase's cost and not a
 * line of its own; trades between members, dividends and withdrawals carry no fee (the method notes say so).
 */

type Line = { reference: string; at: Date; titleEn: string; titleFr: string; quantity: number; amountMinor: number };
export type YearlySale = Line & { source: string; costMinor: number; gainMinor: number };

export type YearlyReport = {
  year: number;
  currency: Currency;
  purchases: Line[];
  sales: YearlySale[];
  dividends: Line[];
  fees: Line[];
  totals: {
    purchasesMinor: number;
    proceedsMinor: number;
    costMinor: number;
    gainMinor: number;
    dividendsMinor: number;
    feesMinor: number;
  };
};

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const inYear = (at: Date, year: number) => at.getUTCFullYear() === year;

export function yearlyReport(movements: PartsMovements, year: number, currency: Currency, rates: Rates): YearlyReport {
  const shown = (minor: number, from: Currency, at: Date) => displayMinor(rates, minor, from, currency, dayOf(at));
  const purchases = movements.acquisitions
    .filter((a) => inYear(a.at, year))
    .map((a) => ({ ...a, amountMinor: shown(a.costMinor, a.currency, a.at) }));
  const sales: YearlySale[] = [];
  for (const paintingId of new Set(movements.disposals.map((d) => d.paintingId))) {
    const lots = workCostBasis(movements, paintingId, rates, currency);
    for (const r of lots.realised) {
      const sale: PartsDisposal = r.disposal.sale;
      if (!inYear(sale.at, year)) continue;
      sales.push({
        reference: sale.reference,
        source: sale.source,
        at: sale.at,
        titleEn: sale.titleEn,
        titleFr: sale.titleFr,
        quantity: sale.quantity,
        amountMinor: r.disposal.proceedsMinor,
        costMinor: r.costMinor,
        gainMinor: r.gainMinor,
      });
    }
  }
  sales.sort((a, b) => a.at.getTime() - b.at.getTime() || a.reference.localeCompare(b.reference));
  const dividends = movements.dividends
    .filter((d) => inYear(d.at, year))
    .map((d) => ({ ...d, amountMinor: shown(d.amountMinor, d.currency, d.at) }));
  const fees = movements.disposals
    .filter((d) => d.feeMinor > 0 && inYear(d.at, year))
    .map((d) => ({ ...d, amountMinor: shown(d.feeMinor, d.currency, d.at) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.reference.localeCompare(b.reference));
  return {
    year,
    currency,
    purchases,
    sales,
    dividends,
    fees,
    totals: {
      purchasesMinor: sum(purchases.map((p) => p.amountMinor)),
      proceedsMinor: sum(sales.map((s) => s.amountMinor)),
      costMinor: sum(sales.map((s) => s.costMinor)),
      gainMinor: sum(sales.map((s) => s.gainMinor)),
      dividendsMinor: sum(dividends.map((d) => d.amountMinor)),
      feesMinor: sum(fees.map((f) => f.amountMinor)),
    },
  };
}

// ---------------------------------------------------------------- texts

const TEXT = {
  en: {
    title: (year: number) => `Yearly statement ${year}`,
    purchases: 'Purchases',
    sales: 'Sales and realised gains',
    dividends: 'Dividends',
    fees: 'Fees (exit fees kept from payouts)',
    feesShort: 'Fees',
    section: 'Section',
    reference: 'Reference',
    date: 'Date',
    work: 'Work',
    parts: 'Parts',
    amount: 'Amount',
    proceeds: 'Proceeds',
    cost: 'Cost basis',
    gain: 'Gain',
    currency: 'Currency',
    member: 'Member',
    year: 'Year',
    generated: 'Generated on',
    total: 'Total',
    none: 'None in this year.',
    summary: 'Summary',
    realised: 'Realised gain',
    page: 'Page',
    method: (currency: string) => [
      `Amounts in ${currency}, each converted at the exchange rate of its day.`,
      'Cost basis of the parts sold: first in, first out.',
      'Entry fees are included in the part prices paid.',
      'Trades between members, dividends and withdrawals carry no fee.',
    ],
  },
  fr: {
    title: (year: number) => `Relevé annuel ${year}`,
    purchases: 'Achats',
    sales: 'Ventes et plus-values réalisées',
    dividends: 'Dividendes',
    fees: 'Frais (commissions de sortie retenues sur les versements)',
    feesShort: 'Frais',
    section: 'Rubrique',
    reference: 'Référence',
    date: 'Date',
    work: 'Œuvre',
    parts: 'Parts',
    amount: 'Montant',
    proceeds: 'Produit',
    cost: 'Prix de revient',
    gain: 'Plus-value',
    currency: 'Devise',
    member: 'Membre',
    year: 'Année',
    generated: 'Établi le',
    total: 'Total',
    none: 'Aucun cette année.',
    summary: 'Récapitulatif',
    realised: 'Plus-value réalisée',
    page: 'Page',
    method: (currency: string) => [
      `Montants en ${currency}, chacun converti au taux de change de son jour.`,
      'Prix de revient des parts vendues\u00a0: premier entré, premier sorti.',
      'Les commissions d’entrée sont comprises dans les prix de part payés.',
      'Les échanges entre membres, les dividendes et les retraits sont sans frais.',
    ],
  },
} as const;

const CURRENCY_NAME: Record<Currency, string> = { EURO: 'EUR', USD: 'USD' };
const title = (line: Line, lang: Language) => (lang === 'fr' ? line.titleFr : line.titleEn);

// ---------------------------------------------------------------- CSV

/**
 * CSV as the history statements write it (UTF-8 with BOM, `;`, CRLF, ISO dates, amounts as exact decimal text with a
 * point): one row per movement, its section first, then a total row per section.
 */
export function yearlyCsv(report: YearlyReport, lang: Language): string {
  const l = TEXT[lang];
  const currency = CURRENCY_NAME[report.currency];
  const amount = (minor: number | undefined) => (minor === undefined ? '' : toMajorString(minor));
  const header = [l.section, l.reference, l.date, l.work, l.parts, l.amount, l.cost, l.gain, l.currency];
  const lines = [header.map(csvCell).join(';')];
  const row = (section: string, line: Line, cost?: number, gain?: number) =>
    lines.push(
      [
        csvCell(section),
        csvCell(line.reference),
        line.at.toISOString(),
        csvCell(title(line, lang)),
        String(line.quantity),
        amount(line.amountMinor),
        amount(cost),
        amount(gain),
        currency,
      ].join(';'),
    );
  const total = (section: string, minor: number, cost?: number, gain?: number) =>
    lines.push(
      [csvCell(`${l.total} — ${section}`), '', '', '', '', amount(minor), amount(cost), amount(gain), currency].join(
        ';',
      ),
    );
  for (const p of report.purchases) row(l.purchases, p);
  for (const s of report.sales) row(l.sales, s, s.costMinor, s.gainMinor);
  for (const d of report.dividends) row(l.dividends, d);
  for (const f of report.fees) row(l.feesShort, f);
  total(l.purchases, report.totals.purchasesMinor);
  total(l.sales, report.totals.proceedsMinor, report.totals.costMinor, report.totals.gainMinor);
  total(l.dividends, report.totals.dividendsMinor);
  total(l.feesShort, report.totals.feesMinor);
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------- PDF

type Column = { label: string; x: number; width: number; right?: boolean };

/** The yearly statement as an A4 PDF, with the history statements' fonts, colours and page furniture. */
export async function yearlyPdf(input: {
  report: YearlyReport;
  lang: Language;
  memberName: string;
  generatedAt: Date;
}): Promise<Uint8Array> {
  const { report, lang } = input;
  const l = TEXT[lang];
  const docTitle = l.title(report.year);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${docTitle} — Parcelle`);
  pdf.setAuthor('Parcelle');
  pdf.setCreator('Parcelle');
  pdf.setProducer('Parcelle');
  pdf.setLanguage(lang === 'fr' ? 'fr-FR' : 'en-GB');
  pdf.setCreationDate(input.generatedAt);
  pdf.setModificationDate(input.generatedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regularSet = new Set(regular.getCharacterSet());
  const charset = new Set([...bold.getCharacterSet()].filter((code) => regularSet.has(code)));
  const safe = (value: string) => toWinAnsi(value, charset);
  const money = (minor: number) => formatMoney(minor, report.currency, lang);

  let page: PDFPage = pdf.addPage([WIDTH, HEIGHT]);
  let pageNumber = 1;
  let y = HEIGHT - MARGIN;
  const text = (value: string, x: number, size: number, font: PDFFont, color = INK) =>
    page.drawText(safe(value), { x, y, size, font, color });
  const footer = () =>
    page.drawText(safe(`Parcelle — ${docTitle} — ${l.page} ${pageNumber}`), {
      x: MARGIN,
      y: MARGIN / 2,
      size: 7,
      font: regular,
      color: MUTED,
    });
  const room = (needed: number) => {
    if (y - needed >= MARGIN + 24) return;
    footer();
    page = pdf.addPage([WIDTH, HEIGHT]);
    pageNumber += 1;
    y = HEIGHT - MARGIN;
  };
  const cell = (value: string, column: Column, font: PDFFont) => {
    const shown = fit(safe(value), font, 8, Math.max(column.width, 20));
    const x = column.right ? column.x + column.width - font.widthOfTextAtSize(shown, 8) : column.x;
    page.drawText(shown, { x, y, size: 8, font, color: INK });
  };
  const rule = () => {
    page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.5, color: ACCENT });
  };
  const table = (heading: string, columns: Column[], rows: string[][], totals: string[]) => {
    room(60);
    y -= 10;
    text(heading, MARGIN, 12, bold);
    y -= 18;
    const header = () => {
      for (const column of columns) cell(column.label, column, bold);
      y -= 5;
      rule();
      y -= 12;
    };
    header();
    if (rows.length === 0) {
      text(l.none, MARGIN, 9, regular, MUTED);
      y -= 14;
    }
    for (const values of rows) {
      if (y < MARGIN + 24) {
        room(HEIGHT);
        header();
      }
      for (const [i, column] of columns.entries()) cell(values[i] ?? '', column, regular);
      y -= 13;
    }
    room(20);
    y += 4;
    rule();
    y -= 12;
    for (const [i, column] of columns.entries()) cell(i === 0 ? l.total : (totals[i] ?? ''), column, bold);
    y -= 18;
  };

  text('P A R C E L L E', MARGIN, 9, bold, ACCENT);
  y -= 30;
  text(docTitle, MARGIN, 20, bold);
  y -= 24;
  for (const [label, value] of [
    [l.member, input.memberName],
    [l.year, String(report.year)],
    [l.currency, CURRENCY_NAME[report.currency]],
    [l.generated, formatDate(input.generatedAt, lang)],
  ] as const) {
    text(lang === 'fr' ? `${label}\u00a0:` : `${label}:`, MARGIN, 9, bold, MUTED);
    page.drawText(safe(value), { x: MARGIN + 90, y, size: 9, font: regular, color: INK });
    y -= 14;
  }
  y -= 4;
  for (const sentence of l.method(CURRENCY_NAME[report.currency])) {
    text(sentence, MARGIN, 7.5, regular, MUTED);
    y -= 10;
  }
  y -= 6;

  const base = (work: number): Column[] => [
    { label: l.reference, x: MARGIN, width: 84 },
    { label: l.date, x: 136, width: 56 },
    { label: l.work, x: 196, width: work },
  ];
  const line = (row: Line) => [row.reference, formatDate(row.at, lang), title(row, lang)];
  const simple: Column[] = [
    ...base(180),
    { label: l.parts, x: 380, width: 40, right: true },
    { label: l.amount, x: 424, width: WIDTH - MARGIN - 424, right: true },
  ];
  table(
    l.purchases,
    simple,
    report.purchases.map((p) => [...line(p), formatNumber(p.quantity, lang), money(p.amountMinor)]),
    ['', '', '', '', money(report.totals.purchasesMinor)],
  );
  table(
    l.sales,
    [
      ...base(90),
      { label: l.parts, x: 290, width: 28, right: true },
      { label: l.proceeds, x: 322, width: 72, right: true },
      { label: l.cost, x: 398, width: 72, right: true },
      { label: l.gain, x: 474, width: WIDTH - MARGIN - 474, right: true },
    ],
    report.sales.map((s) => [
      ...line(s),
      formatNumber(s.quantity, lang),
      money(s.amountMinor),
      money(s.costMinor),
      money(s.gainMinor),
    ]),
    [
      '',
      '',
      '',
      '',
      money(report.totals.proceedsMinor),
      money(report.totals.costMinor),
      money(report.totals.gainMinor),
    ],
  );
  table(
    l.dividends,
    simple,
    report.dividends.map((d) => [...line(d), formatNumber(d.quantity, lang), money(d.amountMinor)]),
    ['', '', '', '', money(report.totals.dividendsMinor)],
  );
  table(
    l.fees,
    simple,
    report.fees.map((f) => [...line(f), formatNumber(f.quantity, lang), money(f.amountMinor)]),
    ['', '', '', '', money(report.totals.feesMinor)],
  );

  room(80);
  y -= 6;
  text(l.summary, MARGIN, 12, bold);
  y -= 18;
  for (const [label, minor] of [
    [l.purchases, report.totals.purchasesMinor],
    [l.proceeds, report.totals.proceedsMinor],
    [l.cost, report.totals.costMinor],
    [l.realised, report.totals.gainMinor],
    [l.dividends, report.totals.dividendsMinor],
    [l.feesShort, report.totals.feesMinor],
  ] as const) {
    text(label, MARGIN, 9, regular);
    const shown = safe(money(minor));
    page.drawText(shown, {
      x: WIDTH - MARGIN - bold.widthOfTextAtSize(shown, 9),
      y,
      size: 9,
      font: bold,
      color: INK,
    });
    y -= 14;
  }
  footer();
  return pdf.save();
}
