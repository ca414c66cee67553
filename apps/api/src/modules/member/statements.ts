import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type Currency,
  formatDate,
  formatMoney,
  formatNumber,
  HISTORY_TYPES,
  type HistoryType,
  LANGUAGES,
  type Language,
  toMajorString,
} from '@parcelle/shared';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { csvCell } from '../../http/csv';
import { toWinAnsi } from '../certificates/certificate-pdf';
import type { HistoryEvent } from './history';

/**
 * Statements (spec §7 `GET /member/download/{type}`, "opened in a new window"): the member's whole history of one
 * type as CSV or PDF. The window carries no Bearer token, so the download call answers short-lived signed links:
 * HMAC-SHA256 with the server secret over a version tag, the statement's id (the id of the job rendering it,
 * statement-jobs.ts), the type, the member's id, the expiry, the format and the language. A link opens only its own
 * member's statement, only until it expires; a changed byte is refused.
 */

export const STATEMENT_LINK_SECONDS = 10 * 60;
export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** A history statement, or the yearly statement (issue 17: one year's purchases, sales with gains, dividends). */
export const YEARLY = 'YEARLY';
/** The annual statement of holdings with their latest valuations (issue 30; annual-statement.ts). */
export const ANNUAL = 'ANNUAL';
export type StatementType = HistoryType | typeof YEARLY | typeof ANNUAL;
/** The statement types that cover one calendar year (their links sign it). */
export const YEAR_TYPES: readonly StatementType[] = [YEARLY, ANNUAL];

export type StatementLink = {
  /** The statement's id: the id of the job that renders it, and of its stored files. */
  id: string;
  type: StatementType;
  /** The year of a YEARLY or ANNUAL statement (absent for the other types). */
  year?: number;
  userId: string;
  expires: number;
  format: StatementFormat;
  lang: Language;
};

function signature(secret: string, link: StatementLink): string {
  const payload = [
    'statement-link:v2',
    link.id,
    link.type,
    link.userId,
    String(link.expires),
    link.format,
    link.lang,
    // Only a yearly statement signs a year (the other links' payload is unchanged).
    ...(link.year === undefined ? [] : [String(link.year)]),
  ].join('|');
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** The path and query of a signed statement link (under /api). The signature travels as `token` (kept out of logs). */
export function signedStatementPath(secret: string, link: StatementLink): string {
  const query = new URLSearchParams({
    s: link.id,
    u: link.userId,
    e: String(link.expires),
    lang: link.lang,
    token: signature(secret, link),
  });
  return `/api/member/statements/${statementFileName(link)}?${query.toString()}`;
}

/** `purchase.pdf`, `yearly-2025.csv`… */
export function statementFileName(link: Pick<StatementLink, 'type' | 'year' | 'format'>): string {
  const year = link.year === undefined ? '' : `-${link.year}`;
  return `${link.type.toLowerCase()}${year}.${link.format}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type LinkCheck = { ok: true; link: StatementLink } | { ok: false; reason: 'not-found' | 'expired' | 'forged' };

/** Checks a statement request: the file name, then the signature (in constant time), then the expiry. */
export function checkStatementLink(
  secret: string,
  file: string,
  query: { s?: string; u?: string; e?: string; lang?: string; token?: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): LinkCheck {
  const match = /^([a-z]+)(?:-(\d{4}))?\.(csv|pdf)$/i.exec(file);
  const type = match?.[1]?.toUpperCase() as StatementType | undefined;
  const year = match?.[2] === undefined ? undefined : Number(match[2]);
  const format = match?.[3]?.toLowerCase() as StatementFormat | undefined;
  const known = YEAR_TYPES.includes(type as StatementType)
    ? year !== undefined
    : HISTORY_TYPES.includes(type as HistoryType) && year === undefined;
  if (!type || !format || !known) return { ok: false, reason: 'not-found' };
  const lang = (LANGUAGES as readonly string[]).includes(query.lang ?? '') ? (query.lang as Language) : undefined;
  const expires = /^\d{1,12}$/.test(query.e ?? '') ? Number(query.e) : undefined;
  const given = /^[0-9a-f]{64}$/.test(query.token ?? '') ? Buffer.from(query.token ?? '', 'hex') : undefined;
  const id = UUID.test(query.s ?? '') ? query.s : undefined;
  if (!lang || expires === undefined || !given || !query.u || !id) return { ok: false, reason: 'forged' };
  const link: StatementLink = {
    id,
    type,
    ...(year === undefined ? {} : { year }),
    userId: query.u,
    expires,
    format,
    lang,
  };
  const expected = Buffer.from(signature(secret, link), 'hex');
  if (!timingSafeEqual(expected, given)) return { ok: false, reason: 'forged' };
  if (expires < nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, link };
}

// ---------------------------------------------------------------- content

const TITLES: Record<HistoryType, Record<Language, string>> = {
  PURCHASE: { en: 'Purchase statement', fr: 'Relevé des achats' },
  SALE: { en: 'Sale statement', fr: 'Relevé des ventes' },
  DIVIDEND: { en: 'Dividend statement', fr: 'Relevé des dividendes' },
  ARTWORK: { en: 'Statement by work', fr: 'Relevé par œuvre' },
};

const KIND_LABEL: Record<HistoryEvent['kind'], Record<Language, string>> = {
  PURCHASE: { en: 'Purchase', fr: 'Achat' },
  SALE: { en: 'Sale', fr: 'Vente' },
  DIVIDEND: { en: 'Dividend', fr: 'Dividende' },
  EXIT: { en: 'Exit sale', fr: 'Vente de sortie' },
};

const LABELS = {
  en: {
    reference: 'Reference',
    date: 'Date',
    work: 'Work',
    type: 'Type',
    parts: 'Parts',
    partPrice: 'Part price',
    amount: 'Amount',
    currency: 'Currency',
    member: 'Member',
    period: 'Period',
    generated: 'Generated on',
    total: 'Total',
    none: 'No movement.',
    page: 'Page',
  },
  fr: {
    reference: 'Référence',
    date: 'Date',
    work: 'Œuvre',
    type: 'Type',
    parts: 'Parts',
    partPrice: 'Prix de la part',
    amount: 'Montant',
    currency: 'Devise',
    member: 'Membre',
    period: 'Période',
    generated: 'Établi le',
    total: 'Total',
    none: 'Aucun mouvement.',
    page: 'Page',
  },
} as const;

const title = (event: HistoryEvent, lang: Language) => (lang === 'fr' ? event.titleFr : event.titleEn);

// ---------------------------------------------------------------- CSV

/** A text cell: quoted when needed; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
const textCell = csvCell;

/**
 * CSV for Excel in French locales and everyone else: UTF-8 with a byte-order mark (so accents open right), `;` as the
 * separator, CRLF line ends, one header line in the member's language. Dates are ISO 8601 (UTC); amounts are the
 * exact decimal text of the recorded minor units with a point ("1234.50"), in the currency they were recorded in.
 */
export function statementCsv(type: HistoryType, events: readonly HistoryEvent[], lang: Language): string {
  const l = LABELS[lang];
  const header = [l.reference, l.date, l.work, l.type, l.parts, l.partPrice, l.amount, l.currency];
  const lines = [header.map(textCell).join(';')];
  for (const event of events) {
    lines.push(
      [
        textCell(event.reference),
        event.at.toISOString(),
        textCell(title(event, lang)),
        textCell(type === 'ARTWORK' ? KIND_LABEL[event.kind][lang] : event.kind),
        String(event.quantity),
        toMajorString(event.unitPriceMinor),
        toMajorString(event.totalMinor),
        event.currency,
      ].join(';'),
    );
  }
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------- PDF

/** A4 portrait, in points (shared with the yearly statement). */
export const WIDTH = 595.28;
export const HEIGHT = 841.89;
export const MARGIN = 48;
export const INK = rgb(0.11, 0.106, 0.098);
export const MUTED = rgb(0.37, 0.35, 0.325);
export const ACCENT = rgb(0.55, 0.416, 0.263);

/**
 * Sums per currency (rows keep the currency they were recorded in); for ARTWORK also per kind of movement, since
 * adding purchases, sales and dividends together would mean nothing.
 */
export function statementTotals(type: HistoryType, events: readonly HistoryEvent[]) {
  const totals = new Map<string, { kind?: HistoryEvent['kind']; currency: Currency; parts: number; minor: number }>();
  for (const event of events) {
    const kind = type === 'ARTWORK' ? event.kind : undefined;
    const key = `${kind ?? ''}|${event.currency}`;
    const current = totals.get(key) ?? { kind, currency: event.currency, parts: 0, minor: 0 };
    totals.set(key, { ...current, parts: current.parts + event.quantity, minor: current.minor + event.totalMinor });
  }
  return [...totals.values()];
}

/** Shortens a text with an ellipsis to fit `width`. */
export function fit(text: string, font: PDFFont, size: number, width: number): string {
  let out = text;
  while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = `${out.slice(0, -2)}…`;
  return out;
}

/**
 * The statement as an A4 portrait PDF (pdf-lib, standard Helvetica fonts: text outside WinAnsi is transliterated
 * by the certificates' `toWinAnsi`): title, member, period covered, generation date, a table of every row (pages
 * added as needed, header repeated) and the totals per currency.
 */
export async function statementPdf(input: {
  type: HistoryType;
  events: readonly HistoryEvent[];
  lang: Language;
  memberName: string;
  generatedAt: Date;
}): Promise<Uint8Array> {
  const { lang, events } = input;
  const l = LABELS[lang];
  const pdf = await PDFDocument.create();
  const docTitle = TITLES[input.type][lang];
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

  // Columns (points from the left edge; the page's text area is 48–547); numbers are right-aligned. Amounts are
  // written as the member reads them on the site ("€13,771.10", "13 771,10 €"), so no currency column: the widths
  // hold a seven-figure amount and the longest header of either language without shortening (statements.test.ts).
  const artwork = input.type === 'ARTWORK';
  const columns: { key: Exclude<keyof typeof l, 'currency'>; x: number; width: number; right?: boolean }[] = [
    { key: 'reference', x: MARGIN, width: 84 },
    { key: 'date', x: 136, width: 56 },
    { key: 'work', x: 196, width: artwork ? 101 : 151 },
    ...(artwork ? [{ key: 'type' as const, x: 301, width: 46 }] : []),
    { key: 'parts', x: 351, width: 32, right: true },
    { key: 'partPrice', x: 387, width: 72, right: true },
    { key: 'amount', x: 463, width: WIDTH - MARGIN - 463, right: true },
  ];

  let page: PDFPage = pdf.addPage([WIDTH, HEIGHT]);
  let pageNumber = 1;
  let y = HEIGHT - MARGIN;

  const text = (p: PDFPage, value: string, x: number, yy: number, size: number, font: PDFFont, color = INK) =>
    p.drawText(value, { x, y: yy, size, font, color });
  const cell = (p: PDFPage, value: string, column: (typeof columns)[number], yy: number, font: PDFFont) => {
    const shown = fit(safe(value), font, 8, Math.max(column.width, 20));
    const x = column.right ? column.x + column.width - font.widthOfTextAtSize(shown, 8) : column.x;
    text(p, shown, x, yy, 8, font);
  };
  const footer = (p: PDFPage, n: number) =>
    text(p, safe(`Parcelle — ${docTitle} — ${l.page} ${n}`), MARGIN, MARGIN / 2, 7, regular, MUTED);
  const tableHeader = () => {
    for (const column of columns) cell(page, l[column.key], column, y, bold);
    y -= 5;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.5, color: ACCENT });
    y -= 12;
  };

  text(page, 'P A R C E L L E', MARGIN, y, 9, bold, ACCENT);
  y -= 30;
  text(page, safe(docTitle), MARGIN, y, 20, bold);
  y -= 24;
  const dates = events.map((event) => event.at.getTime());
  const day = (ms: number) => formatDate(ms, lang);
  const period =
    dates.length === 0
      ? '—'
      : `${day(dates.reduce((a, b) => Math.min(a, b)))} — ${day(dates.reduce((a, b) => Math.max(a, b)))}`;
  for (const [label, value] of [
    [l.member, input.memberName],
    [l.period, period],
    [l.generated, formatDate(input.generatedAt, lang)],
  ] as const) {
    // French puts a no-break space before the colon.
    text(page, safe(lang === 'fr' ? `${label}\u00a0:` : `${label}:`), MARGIN, y, 9, bold, MUTED);
    text(page, safe(value), MARGIN + 90, y, 9, regular);
    y -= 14;
  }
  y -= 16;
  tableHeader();
  if (events.length === 0) {
    text(page, safe(l.none), MARGIN, y, 9, regular, MUTED);
    y -= 14;
  }
  for (const event of events) {
    if (y < MARGIN + 24) {
      footer(page, pageNumber);
      page = pdf.addPage([WIDTH, HEIGHT]);
      pageNumber += 1;
      y = HEIGHT - MARGIN;
      tableHeader();
    }
    const values: Record<string, string> = {
      reference: event.reference,
      date: formatDate(event.at, lang),
      work: title(event, lang),
      type: KIND_LABEL[event.kind][lang],
      parts: formatNumber(event.quantity, lang),
      partPrice: formatMoney(event.unitPriceMinor, event.currency, lang),
      amount: formatMoney(event.totalMinor, event.currency, lang),
    };
    for (const column of columns) cell(page, values[column.key] ?? '', column, y, regular);
    y -= 13;
  }
  // Totals per currency (dividends and purchases are never mixed with another currency's).
  const totals = statementTotals(input.type, events);
  if (totals.length > 0) {
    if (y < MARGIN + 24 + 14 * totals.length) {
      footer(page, pageNumber);
      page = pdf.addPage([WIDTH, HEIGHT]);
      pageNumber += 1;
      y = HEIGHT - MARGIN;
    }
    page.drawLine({
      start: { x: MARGIN, y: y + 8 },
      end: { x: WIDTH - MARGIN, y: y + 8 },
      thickness: 0.5,
      color: ACCENT,
    });
    y -= 4;
    const partsColumn = columns.find((column) => column.key === 'parts');
    const amountColumn = columns.find((column) => column.key === 'amount');
    for (const total of totals) {
      const label = total.kind ? `${l.total} — ${KIND_LABEL[total.kind][lang]}` : l.total;
      text(page, safe(label), MARGIN, y, 9, bold);
      if (partsColumn) cell(page, formatNumber(total.parts, lang), partsColumn, y, bold);
      if (amountColumn) cell(page, formatMoney(total.minor, total.currency, lang), amountColumn, y, bold);
      y -= 14;
    }
  }
  footer(page, pageNumber);
  return pdf.save();
}
