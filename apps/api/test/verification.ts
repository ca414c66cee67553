import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { loadSanctionsList, SANCTIONS_SAMPLE } from '../src/modules/sanctions';
import type { TestApp } from './test-app';

/**
 * Identity verification in tests (issue 29): real files (a JPEG, a PNG, a PDF) and the member's journey through the API —
 * declare, upload, submit — so that an operator's decision can follow.
 */

export const photo = (width = 1200, height = 800, format: 'jpeg' | 'png' = 'jpeg') => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 170, b: 150 } } });
  return (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
};

export async function pdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document
    .addPage([595, 842])
    .drawText('Electricity bill - 12 rue de la Paix, 75002 Paris', { x: 40, y: 800, size: 12 });
  return Buffer.from(await document.save());
}

/** A Windows executable's first bytes (MZ header and the DOS stub's message), whatever name it is given. */
export function executable(): Buffer {
  const bytes = Buffer.alloc(4096, 0);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

export function multipart(parts: { name: string; value?: string; filename?: string; type?: string; bytes?: Buffer }[]) {
  const boundary = `----parcelle${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`
      : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(part.bytes ?? Buffer.from(part.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadDocument(
  t: TestApp,
  token: string,
  kind: string,
  bytes: Buffer,
  file: { filename?: string; type?: string } = {},
) {
  const { payload, headers } = multipart([
    { name: 'kind', value: kind },
    { name: 'file', filename: file.filename ?? 'document.jpg', type: file.type ?? 'image/jpeg', bytes },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/user/verification/documents',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
}

/** A complete declaration of a French resident (low risk); `overrides` change any field. */
export function declaration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    legal_first_name: 'Camille',
    legal_last_name: 'Martin',
    birth_date: '1990-05-17',
    birth_place: 'Lyon',
    birth_country: 'FR',
    nationality: 'FR',
    address: { line1: '12 rue de la Paix', postal_code: '75002', city: 'Paris', country: 'FR' },
    tax_residence: 'FR',
    occupation: 'Architect',
    politically_exposed: false,
    pep_close_associate: false,
    expected_yearly_investment_minor: 500_000,
    identity_document_type: 'id_card',
    ...overrides,
  };
}

/** The committed sample of the EU list, loaded once per database (nobody is submitted before a list is loaded). */
export async function loadSampleSanctionsList(t: TestApp): Promise<void> {
  const content = readFileSync(join(import.meta.dirname, '../../..', SANCTIONS_SAMPLE));
  await loadSanctionsList(t.ctx.database.db, { source: 'file:eu-sanctions-sample.xml', content });
}

/** The member declares, sends an ID card's two sides and a proof of address, and submits: the case is in review. */
export async function submitCase(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  await loadSampleSanctionsList(t);
  const saved = await t.call('PUT', '/api/user/verification', { token, body: declaration(overrides) });
  if (saved.statusCode !== 200) throw new Error(`declaration refused: ${saved.body}`);
  for (const kind of ['identity_front', 'identity_back'] as const) {
    const sent = await uploadDocument(t, token, kind, await photo());
    if (sent.statusCode !== 200) throw new Error(`upload refused: ${sent.body}`);
  }
  const proof = await uploadDocument(t, token, 'proof_of_address', await pdf(), {
    filename: 'facture.pdf',
    type: 'application/pdf',
  });
  if (proof.statusCode !== 200) throw new Error(`upload refused: ${proof.body}`);
  const submitted = await t.call('POST', '/api/user/verification/submit', { token });
  if (submitted.statusCode !== 200) throw new Error(`submit refused: ${submitted.body}`);
  return submitted.json().data;
}

/** The id of a member's case (for the operator's routes). */
export async function caseIdOf(t: TestApp, operatorToken: string, memberEmail: string): Promise<string> {
  const response = await t.call('GET', `/api/admin/verifications?q=${encodeURIComponent(memberEmail)}`, {
    token: operatorToken,
  });
  const row = response.json().data?.verifications?.[0];
  if (!row) throw new Error(`no case for ${memberEmail}: ${response.body}`);
  return row.id;
}
