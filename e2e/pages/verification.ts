import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { chooseCountry } from '../support/country';
import { plain } from './catalogue';

/** A photo of a document as a phone would take it: a real JPEG, large enough to read (1200 × 800). */
export async function documentPhoto(label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="#e9e4da"/><rect x="60" y="60" width="1080" height="680" fill="#fbf9f5" stroke="#7d5e3b" stroke-width="8"/>
    <text x="120" y="200" font-size="64" font-family="sans-serif" fill="#1c1b19">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A one-page PDF (a proof of address), with its header and end-of-file marker. */
export function addressProof(name: string): Buffer {
  const text = `BT /F1 18 Tf 72 720 Td (Electricity bill - ${name}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export type Declaration = {
  firstName: string;
  lastName: string;
  birthDate: string;
  birthPlace: string;
  birthCountry: string;
  nationality: string;
  line1: string;
  postalCode: string;
  city: string;
  country: string;
  taxResidence: string;
  occupation: string;
  expectedEuros: string;
  document: 'id_card' | 'passport';
};

/** /user/verification (issue 29): the declaration, the documents, sending it. Countries are picked by their name. */
export class VerificationPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/user/verification');
    await this.page.getByTestId('verification-status').waitFor();
  }

  async state(): Promise<string> {
    return (await this.page.getByTestId('verification-status').getAttribute('data-state')) ?? '';
  }

  private async country(testId: string, name: string) {
    await chooseCountry(this.page, testId, name);
  }

  async declare(data: Declaration) {
    const page = this.page;
    await page.getByTestId('verification-first-name').fill(data.firstName);
    await page.getByTestId('verification-last-name').fill(data.lastName);
    await page.getByTestId('verification-birth-date').fill(data.birthDate);
    await page.getByTestId('verification-birth-place').fill(data.birthPlace);
    await this.country('verification-birth-country', data.birthCountry);
    await this.country('verification-nationality', data.nationality);
    await page.getByTestId('verification-line1').fill(data.line1);
    await page.getByTestId('verification-postal-code').fill(data.postalCode);
    await page.getByTestId('verification-city').fill(data.city);
    await this.country('verification-address-country', data.country);
    await this.country('verification-tax-residence', data.taxResidence);
    await page.getByTestId('verification-occupation').fill(data.occupation);
    await page.getByTestId('verification-pep-no').check();
    await page.getByTestId('verification-pep-associate-no').check();
    await page.getByTestId('verification-expected').fill(data.expectedEuros);
    await page
      .getByTestId(data.document === 'passport' ? 'verification-document-passport' : 'verification-document-id-card')
      .check();
    // The declaration's PUT, waited for: when a run fails here, it says whether the form sent nothing (and which
    // fields it marked invalid) or what the API answered (a CI run on 29 November failed here once, without a trace).
    const sent = page
      .waitForResponse(
        (response) =>
          response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/user/verification',
        { timeout: 30_000 },
      )
      .catch(() => null);
    await page.getByTestId('verification-save').click();
    const response = await sent;
    if (!response) {
      const invalid = await page
        .locator('[aria-invalid="true"]')
        .evaluateAll((fields) => fields.map((field) => field.getAttribute('data-testid') ?? field.id));
      throw new Error(`the declaration was not sent; fields marked invalid: ${invalid.join(', ') || 'none'}`);
    }
    expect(response.status(), await response.text()).toBeLessThan(400);
    // Saved: the declared data is no longer missing.
    await expect
      .poll(async () => page.getByTestId('verification-missing-declared_data').count(), { timeout: 30_000 })
      .toBe(0);
  }

  async upload(
    kind: 'identity_front' | 'identity_back' | 'proof_of_address',
    file: { name: string; mimeType: string; buffer: Buffer },
  ) {
    const row = this.page.getByTestId(`verification-${kind}-row`);
    await this.page.getByTestId(`verification-${kind}-input`).setInputFiles(file);
    await expect.poll(async () => row.getAttribute('data-received'), { timeout: 30_000 }).toBe('yes');
  }

  async submit() {
    await this.page.getByTestId('verification-submit').click();
    await expect.poll(async () => this.state(), { timeout: 30_000 }).not.toBe('collecting');
  }

  /**
   * A whole case sent from the page: the declaration (an identity card), a photo of each of its sides and a PDF proof
   * of address in `name`, then sent; resolves once the case has left `collecting`.
   */
  async sendCase(data: Declaration, name: string) {
    await this.declare(data);
    await this.upload('identity_front', {
      name: 'id-front.jpg',
      mimeType: 'image/jpeg',
      buffer: await documentPhoto('IDENTITY CARD - FRONT'),
    });
    await this.upload('identity_back', {
      name: 'id-back.jpg',
      mimeType: 'image/jpeg',
      buffer: await documentPhoto('IDENTITY CARD - BACK'),
    });
    await this.upload('proof_of_address', {
      name: 'bill.pdf',
      mimeType: 'application/pdf',
      buffer: addressProof(name),
    });
    await this.submit();
  }

  async stateText(): Promise<string> {
    return plain(await this.page.getByTestId('verification-state').textContent());
  }
}
