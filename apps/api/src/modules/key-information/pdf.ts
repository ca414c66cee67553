import { formatDate, type Language } from '@parcelle/shared';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { toWinAnsi } from '../certificates/certificate-pdf';
import { ACCENT, HEIGHT, INK, MARGIN, MUTED, WIDTH } from '../member/statements';
import type { KeyInformationDocument } from './content';

/** The regulation's ceiling on a key information document's length (issue 30): A4 pages. */
export const KEY_INFORMATION_MAX_PAGES = 6;

const LABELS = {
  en: {
    version: (n: number, date: string) => `Version ${n}, published on ${date}`,
    hash: 'Content fingerprint (SHA-256)',
    page: (n: number, total: number) => `Page ${n} of ${total}`,
  },
  fr: {
    version: (n: number, date: string) => `Version ${n}, publiée le ${date}`,
    hash: 'Empreinte du contenu (SHA-256)',
    page: (n: number, total: number) => `Page ${n} sur ${total}`,
  },
} as const;

/** Words laid out in lines no wider than `width`; a word too long for a line is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

type Input = {
  document: KeyInformationDocument;
  language: Language;
  version: number;
  publishedAt: Date;
  contentHash: string;
};

async function render(input: Input, size: number): Promise<PDFDocument> {
  const pdf = await PDFDocument.create();
  const l = LABELS[input.language];
  pdf.setTitle(input.document.title);
  pdf.setAuthor('Parcelle');
  pdf.setCreator('Parcelle');
  pdf.setProducer('Parcelle');
  pdf.setLanguage(input.language === 'fr' ? 'fr-FR' : 'en-GB');
  pdf.setCreationDate(input.publishedAt);
  pdf.setModificationDate(input.publishedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regularSet = new Set(regular.getCharacterSet());
  const charset = new Set([...bold.getCharacterSet()].filter((code) => regularSet.has(code)));
  const safe = (value: string) => toWinAnsi(value, charset);
  const width = WIDTH - 2 * MARGIN;
  const bottom = MARGIN + 24;
  const leading = size * 1.35;

  let page = pdf.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const room = (height: number) => {
    if (y - height >= bottom) return;
    page = pdf.addPage([WIDTH, HEIGHT]);
    y = HEIGHT - MARGIN;
  };
  const lines = (text: string, font: PDFFont, fontSize: number, color = INK, gap = fontSize * 1.35) => {
    for (const line of wrap(safe(text), font, fontSize, width)) {
      room(gap);
      y -= gap;
      page.drawText(line, { x: MARGIN, y, size: fontSize, font, color });
    }
  };

  lines(input.document.title, bold, size + 6, INK, (size + 6) * 1.3);
  lines(input.document.subtitle, regular, size + 1, MUTED);
  lines(l.version(input.version, formatDate(input.publishedAt, input.language)), regular, size - 1, MUTED);
  lines(`${l.hash}: ${input.contentHash}`, regular, size - 2, MUTED);
  y -= size;
  for (const section of input.document.sections) {
    room(leading * 3);
    y -= size * 0.6;
    lines(section.heading, bold, size + 2, ACCENT, (size + 2) * 1.4);
    for (const paragraph of section.paragraphs) {
      lines(paragraph, regular, size);
      y -= size * 0.4;
    }
  }
  const pages = pdf.getPages();
  pages.forEach((p, index) => {
    const text = safe(l.page(index + 1, pages.length));
    p.drawText(text, {
      x: WIDTH - MARGIN - regular.widthOfTextAtSize(text, 8),
      y: MARGIN - 8,
      size: 8,
      font: regular,
      color: MUTED,
    });
  });
  return pdf;
}

/**
 * A published version as an A4 PDF (pdf-lib and the standard Helvetica fonts, as the statements and certificates):
 * the title, the version, its date and content hash, then every section. Written at 10 pt; should a document ever
 * run over the six-page ceiling it is set again smaller (down to 8 pt), and past that refused rather than served
 * longer than the rule allows.
 */
export async function renderKeyInformationPdf(input: Input): Promise<Uint8Array> {
  for (const size of [10, 9, 8]) {
    const pdf = await render(input, size);
    if (pdf.getPageCount() <= KEY_INFORMATION_MAX_PAGES) return pdf.save();
  }
  throw new Error(`key information document longer than ${KEY_INFORMATION_MAX_PAGES} pages`);
}
