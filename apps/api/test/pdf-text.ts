import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/** WinAnsi (windows-1252) differs from Latin-1 in 0x80–0x9F only. */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const fromWinAnsi = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) =>
    byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH[byte - 0x80] : String.fromCharCode(byte),
  ).join('');

/** The decoded content streams of a PDF pdf-lib drew with the standard fonts: its text, as WinAnsi strings. */
export async function drawnText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const chunks: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const filter = object.dict.get(PDFName.of('Filter'));
    if (object.dict.get(PDFName.of('Subtype'))) continue; // images
    const raw = filter === PDFName.of('FlateDecode') ? inflateSync(object.contents) : Buffer.from(object.contents);
    chunks.push(raw.toString('latin1'));
  }
  // Text is written as <hex> Tj: decode every hex string from WinAnsi.
  return chunks.join('\n').replace(/<([0-9A-Fa-f]+)>/g, (_m, hex: string) => fromWinAnsi(Buffer.from(hex, 'hex')));
}
