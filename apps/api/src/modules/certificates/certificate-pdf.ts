import { formatDate, formatLastParisDay, formatParisDate, formatPartsQuantity, type Language } from '@parcelle/shared';
import { degrees, PDFDocument, type PDFFont, type PDFPage, type RGB, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';

export type CertificatePdfInput = {
  number: string;
  holderName: string;
  paintingTitle: string;
  artistName: string;
  paintingYear: number;
  /** Parts (9 parts = 1 cm²). */
  quantity: number;
  issuedAt: Date;
  language: Language;
  verifyUrl: string;
  /** The work's own certificate wording in the certificate's language (issue 15); the standard clause when empty. */
  wording?: string;
  /**
   * What the certificate is now (issue 30): provisional while its purchase is in the reflection period (`until`, the
   * period's exclusive end), void once the purchase was revoked (`revokedAt`); valid, or absent, prints no mark.
   */
  state?: { status: 'valid' } | { status: 'provisional'; until: Date } | { status: 'void'; revokedAt: Date };
};

/** A4 landscape, in points. */
const WIDTH = 841.89;
const HEIGHT = 595.28;
const MARGIN = 64;

const INK = rgb(0.11, 0.106, 0.098);
const MUTED = rgb(0.37, 0.35, 0.325);
const ACCENT = rgb(0.55, 0.416, 0.263);
const WALL = rgb(0.984, 0.976, 0.961);
const VOID_INK = rgb(0.6, 0.13, 0.11);

const TEXT: Record<
  Language,
  {
    title: string;
    certifies: string;
    owns: string;
    ofWork: string;
    issued: string;
    number: string;
    verify: string;
    clause: string;
    subject: string;
    provisional: (date: string) => string;
    void: (date: string) => string;
    voidMark: string;
  }
> = {
  en: {
    title: 'Certificate of co-ownership',
    certifies: 'This is to certify that',
    owns: 'is the co-owner of',
    ofWork: 'of the work',
    issued: 'Issued on',
    number: 'Certificate number',
    verify: 'Verify at',
    clause:
      'The co-owner’s rights over the work follow the terms and conditions of Parcelle. The parts are recorded in ' +
      'the Parcelle register; this certificate can be checked at any time from its number.',
    subject: 'Co-ownership certificate',
    provisional: (date) => `Provisional until ${date}: the purchase may still be revoked in its reflection period`,
    void: (date) => `Void — purchase revoked on ${date}`,
    voidMark: 'VOID',
  },
  fr: {
    title: 'Certificat de copropriété',
    certifies: 'Il est certifié que',
    owns: 'est copropriétaire de',
    ofWork: 'de l’œuvre',
    issued: 'Délivré le',
    number: 'Numéro du certificat',
    verify: 'Vérifier sur',
    clause:
      'Les droits du copropriétaire sur l’œuvre s’exercent selon les conditions générales de Parcelle. Les parts ' +
      'sont inscrites au registre de Parcelle\u00a0; ce certificat peut être vérifié à tout moment grâce à son numéro.',
    subject: 'Certificat de copropriété',
    provisional: (date) =>
      `Provisoire jusqu’au ${date} : l’achat peut encore être annulé pendant son délai de réflexion`,
    void: (date) => `Caduc — achat annulé le ${date}`,
    voidMark: 'CADUC',
  },
};

/** Letters with no decomposition that still have a plain Latin reading. */
const TRANSLITERATIONS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
  ĸ: 'k',
  Ŋ: 'N',
  ŋ: 'n',
  ſ: 's',
};

/**
 * Text the standard PDF fonts can draw (WinAnsi: French accents, œ, ², ’ and € are in it). Spaces of any kind
 * become plain or no-break spaces, control characters go, other letters lose their diacritics (Ș → S,
 * Ł → L) and whatever is still outside the set becomes "?". Never throws.
 */
export function toWinAnsi(text: string, charset: ReadonlySet<number>): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (charset.has(code)) {
      out += char;
      continue;
    }
    if (/[\u202f\u2007\u2060\ufeff]/.test(char)) {
      out += '\u00a0';
      continue;
    }
    if (/\s/.test(char)) {
      out += ' ';
      continue;
    }
    if (/\p{Cc}|\p{Cf}/u.test(char)) continue;
    const plain = (TRANSLITERATIONS[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '')) || '?';
    out += [...plain].every((c) => charset.has(c.codePointAt(0) ?? 0)) ? plain : '?';
  }
  return out;
}

type Fonts = { regular: PDFFont; italic: PDFFont; bold: PDFFont; boldItalic: PDFFont; sans: PDFFont };

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

/** One line, shrunk down to `minSize` to fit `width`, then shortened with an ellipsis. */
function fitLine(text: string, font: PDFFont, size: number, minSize: number, width: number) {
  let current = size;
  while (current > minSize && font.widthOfTextAtSize(text, current) > width) current -= 0.5;
  let fitted = text;
  while (fitted.length > 1 && font.widthOfTextAtSize(fitted, current) > width) fitted = `${fitted.slice(0, -2)}…`;
  return { text: fitted, size: current };
}

function centered(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color: RGB) {
  const fit = fitLine(text, font, size, Math.min(size, 12), WIDTH - 2 * MARGIN);
  const width = font.widthOfTextAtSize(fit.text, fit.size);
  page.drawText(fit.text, { x: (WIDTH - width) / 2, y, size: fit.size, font, color });
}

/**
 * The co-ownership certificate: one A4 landscape page in the certificate's language, with a QR code of the
 * public verification page. Rendered on demand from the stored certificate, so it is never kept as a file.
 */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const text = TEXT[input.language];
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${text.title} ${input.number}`);
  pdf.setSubject(`${text.subject} ${input.number}`);
  pdf.setAuthor('Parcelle');
  pdf.setCreator('Parcelle');
  pdf.setProducer('Parcelle');
  pdf.setKeywords([input.number, 'Parcelle']);
  pdf.setLanguage(input.language === 'fr' ? 'fr-FR' : 'en-GB');
  pdf.setCreationDate(input.issuedAt);
  pdf.setModificationDate(input.issuedAt);

  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.TimesRoman),
    italic: await pdf.embedFont(StandardFonts.TimesRomanItalic),
    bold: await pdf.embedFont(StandardFonts.TimesRomanBold),
    boldItalic: await pdf.embedFont(StandardFonts.TimesRomanBoldItalic),
    sans: await pdf.embedFont(StandardFonts.Helvetica),
  };
  const charsets = Object.values(fonts).map((font) => new Set(font.getCharacterSet()));
  const charset = new Set([...(charsets[0] ?? [])].filter((code) => charsets.every((set) => set.has(code))));
  const safe = (value: string) => toWinAnsi(value, charset);

  const page = pdf.addPage([WIDTH, HEIGHT]);
  page.drawRectangle({ x: 0, y: 0, width: WIDTH, height: HEIGHT, color: WALL });
  page.drawRectangle({
    x: 24,
    y: 24,
    width: WIDTH - 48,
    height: HEIGHT - 48,
    borderColor: ACCENT,
    borderWidth: 1.5,
  });
  page.drawRectangle({ x: 31, y: 31, width: WIDTH - 62, height: HEIGHT - 62, borderColor: ACCENT, borderWidth: 0.5 });

  centered(page, 'P A R C E L L E', 522, fonts.sans, 10, ACCENT);
  centered(page, safe(text.title), 474, fonts.regular, 36, INK);
  page.drawLine({
    start: { x: WIDTH / 2 - 36, y: 458 },
    end: { x: WIDTH / 2 + 36, y: 458 },
    thickness: 0.75,
    color: ACCENT,
  });

  centered(page, safe(text.certifies), 424, fonts.italic, 14, MUTED);
  centered(page, safe(input.holderName), 388, fonts.bold, 28, INK);
  centered(page, safe(text.owns), 356, fonts.italic, 14, MUTED);
  centered(page, safe(formatPartsQuantity(input.quantity, input.language)), 326, fonts.bold, 20, INK);
  centered(page, safe(text.ofWork), 298, fonts.italic, 14, MUTED);
  centered(page, safe(input.paintingTitle), 266, fonts.boldItalic, 24, INK);
  centered(page, safe(`${input.artistName}, ${input.paintingYear}`), 242, fonts.regular, 14, MUTED);

  // Issue 30: the state, dated on the Paris calendar the reflection period is counted on, between the work and the
  // band; a void certificate also carries a mark across the page, so a printed copy cannot pass for a valid one.
  const state = input.state;
  if (state?.status === 'provisional') {
    centered(
      page,
      safe(text.provisional(formatLastParisDay(state.until, input.language))),
      214,
      fonts.bold,
      12,
      ACCENT,
    );
  } else if (state?.status === 'void') {
    centered(page, safe(text.void(formatParisDate(state.revokedAt, input.language))), 214, fonts.bold, 12, VOID_INK);
    const markSize = 150;
    const markWidth = fonts.bold.widthOfTextAtSize(text.voidMark, markSize);
    const angle = Math.PI / 7;
    page.drawText(text.voidMark, {
      x: WIDTH / 2 - (markWidth / 2) * Math.cos(angle),
      y: HEIGHT / 2 - (markWidth / 2) * Math.sin(angle) - 30,
      size: markSize,
      font: fonts.bold,
      color: VOID_INK,
      opacity: 0.18,
      rotate: degrees((angle * 180) / Math.PI),
    });
  }

  // Bottom band: date and number on the left, the clause under them, the QR code on the right.
  const qrSize = 104;
  const qrX = WIDTH - MARGIN - qrSize;
  const qrY = 92;
  const leftWidth = qrX - MARGIN - 40;
  const label = (value: string, x: number, y: number) =>
    page.drawText(safe(value).toUpperCase(), { x, y, size: 7.5, font: fonts.sans, color: ACCENT });
  const value = (v: string, x: number, y: number) =>
    page.drawText(safe(v), { x, y, size: 13, font: fonts.regular, color: INK });

  page.drawLine({ start: { x: MARGIN, y: 200 }, end: { x: WIDTH - MARGIN, y: 200 }, thickness: 0.4, color: ACCENT });
  label(text.issued, MARGIN, 176);
  value(formatDate(input.issuedAt, input.language), MARGIN, 158);
  label(text.number, MARGIN + 190, 176);
  value(input.number, MARGIN + 190, 158);

  const clause = wrap(safe(input.wording?.trim() || text.clause), fonts.italic, 10, leftWidth);
  clause.forEach((line, index) => {
    page.drawText(line, { x: MARGIN, y: 126 - index * 13, size: 10, font: fonts.italic, color: MUTED });
  });

  const qr = await QRCode.toBuffer(input.verifyUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 312,
    color: { dark: '#1C1B19', light: '#FFFFFF' },
  });
  const image = await pdf.embedPng(qr);
  page.drawImage(image, { x: qrX, y: qrY, width: qrSize, height: qrSize });

  const verifyWidth = 320;
  const verifyLines = wrap(safe(`${text.verify} ${input.verifyUrl}`), fonts.sans, 7, verifyWidth);
  verifyLines.forEach((line, index) => {
    const width = fonts.sans.widthOfTextAtSize(line, 7);
    page.drawText(line, {
      x: WIDTH - MARGIN - width,
      y: qrY - 12 - index * 9,
      size: 7,
      font: fonts.sans,
      color: MUTED,
    });
  });

  return pdf.save();
}
