import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawnText } from '../../../test/pdf-text';
import { type CertificatePdfInput, renderCertificatePdf, toWinAnsi } from './certificate-pdf';

const base: CertificatePdfInput = {
  number: 'PCL-2026-7K3M9QX2VA',
  holderName: 'Jeanne Dupont',
  paintingTitle: 'Raw Linen No. 12',
  artistName: 'Elsa Vanterpool',
  paintingYear: 2017,
  quantity: 20,
  issuedAt: new Date('2026-03-05T10:00:00Z'),
  language: 'en',
  verifyUrl: 'https://parcelle.example/certificates/verify/PCL-2026-7K3M9QX2VA',
};

async function load(bytes: Uint8Array) {
  return PDFDocument.load(bytes, { updateMetadata: false });
}

describe('renderCertificatePdf', () => {
  it('renders one A4 landscape page with the number in its metadata (English)', async () => {
    const bytes = await renderCertificatePdf(base);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(Math.round(width)).toBe(842);
    expect(Math.round(height)).toBe(595);
    expect(pdf.getTitle()).toContain('PCL-2026-7K3M9QX2VA');
    expect(pdf.getTitle()).toContain('Certificate of co-ownership');
    expect(pdf.getSubject()).toContain('PCL-2026-7K3M9QX2VA');
    expect(pdf.getCreationDate()?.toISOString()).toBe('2026-03-05T10:00:00.000Z');

    const text = await drawnText(bytes);
    expect(text).toContain('Certificate of co-ownership');
    expect(text).toContain('Jeanne Dupont');
    expect(text).toContain('20 parts (2 cm\u00b2 + 2 parts)');
    expect(text).toContain('05 Mar 2026');
    expect(text).toContain('Raw Linen No. 12');
    expect(text).toContain('Elsa Vanterpool, 2017');
    expect(text).toContain('Verify at');
    expect(text).toContain('terms and conditions of Parcelle');
  });

  it('embeds the QR code as an image', async () => {
    const pdf = await load(await renderCertificatePdf(base));
    const images = [...pdf.context.enumerateIndirectObjects()].filter(
      ([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    );
    expect(images.length).toBeGreaterThan(0);
  });

  it('writes French with its accents, "²" and the French date', async () => {
    const bytes = await renderCertificatePdf({
      ...base,
      language: 'fr',
      holderName: 'Hélène Lefèvre-Çelik',
      paintingTitle: 'Lin brut nº 12',
      quantity: 1800,
    });
    const pdf = await load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Certificat de copropriété PCL-2026-7K3M9QX2VA');
    const text = await drawnText(bytes);
    expect(text).toContain('Certificat de copropri\u00e9t\u00e9');
    expect(text).toContain('H\u00e9l\u00e8ne Lef\u00e8vre-\u00c7elik');
    // 1 800 with a no-break space (the narrow one of Intl is not in WinAnsi), and the ² sign.
    expect(text).toContain('1\u00a0800 parts (200 cm\u00b2)');
    expect(text).toContain('05 mars 2026');
    expect(text).toContain('V\u00e9rifier sur');
    expect(text).toContain('conditions g\u00e9n\u00e9rales de Parcelle');
  });

  it('does not fail on names outside WinAnsi: diacritics are stripped, other scripts become "?"', async () => {
    const bytes = await renderCertificatePdf({
      ...base,
      holderName: 'Łukasz Ștefănescu 王小明 🎨',
      paintingTitle: 'Ōkami — Nocturne',
    });
    const pdf = await load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const text = await drawnText(bytes);
    expect(text).toContain('Lukasz Stefanescu ??? ?');
    expect(text).toContain('Okami \u2014 Nocturne');
  });

  it('prints the work’s own wording in place of the standard clause (issue 15)', async () => {
    const bytes = await renderCertificatePdf({ ...base, wording: 'Co-ownership under the Geneva custody agreement.' });
    const text = await drawnText(bytes);
    expect(text).toContain('Geneva custody agreement');
    expect(text).not.toContain('terms and conditions of Parcelle');
  });

  it('says nothing of a state on a valid certificate', async () => {
    const text = await drawnText(await renderCertificatePdf({ ...base, state: { status: 'valid' } }));
    expect(text).not.toContain('Provisional');
    expect(text).not.toContain('Void');
    expect(text).not.toContain('VOID');
  });

  it('says a certificate is provisional until the last Paris day of the reflection period (issue 30)', async () => {
    // The period's exclusive end, 00:00 Paris on 10 March (23:00 UTC on the 9th): provisional until the 9th.
    const until = new Date('2026-03-09T23:00:00.000Z');
    const en = await drawnText(await renderCertificatePdf({ ...base, state: { status: 'provisional', until } }));
    expect(en).toContain('Provisional until 09 Mar 2026: the purchase may still be revoked in its reflection period');
    expect(en).not.toContain('VOID');
    const fr = await drawnText(
      await renderCertificatePdf({ ...base, language: 'fr', state: { status: 'provisional', until } }),
    );
    expect(fr).toContain('Provisoire jusqu\u2019au 09 mars 2026');
  });

  it('says a certificate is void, with the Paris date of the revocation, and marks the page (issue 30)', async () => {
    // 23:30 UTC on 6 March is 00:30 on 7 March in Paris: the revocation is dated the 7th.
    const revokedAt = new Date('2026-03-06T23:30:00.000Z');
    const en = await drawnText(await renderCertificatePdf({ ...base, state: { status: 'void', revokedAt } }));
    expect(en).toContain('Void \u2014 purchase revoked on 07 Mar 2026');
    expect(en).toContain('VOID');
    expect(en).not.toContain('Provisional');
    const fr = await drawnText(
      await renderCertificatePdf({ ...base, language: 'fr', state: { status: 'void', revokedAt } }),
    );
    expect(fr).toContain('Caduc \u2014 achat annul\u00e9 le 07 mars 2026');
    expect(fr).toContain('CADUC');
  });

  it('fits a very long holder name and title on the page', async () => {
    const bytes = await renderCertificatePdf({
      ...base,
      holderName: 'Marie-Christine Anne-Sophie de La Rochefoucauld-Montmorency '.repeat(3),
      paintingTitle: 'Untitled '.repeat(30),
    });
    expect((await load(bytes)).getPageCount()).toBe(1);
  });
});

describe('toWinAnsi', () => {
  it('keeps WinAnsi text and replaces the rest sensibly', async () => {
    const pdf = await PDFDocument.create();
    const charset = new Set((await pdf.embedFont(StandardFonts.Helvetica)).getCharacterSet());
    expect(toWinAnsi('Œuvre d’art, 2 cm² — 5 €', charset)).toBe('Œuvre d’art, 2 cm² — 5 €');
    expect(toWinAnsi('1\u202f800', charset)).toBe('1\u00a0800');
    expect(toWinAnsi('a\tb\nc\u0000d\u200be', charset)).toBe('a b cde');
    expect(toWinAnsi('Đorđe Łódź', charset)).toBe('Dorde Lódz');
    expect(toWinAnsi('Дмитрий', charset)).toBe('???????');
  });
});
