import { randomBytes } from 'node:crypto';
import { CERTIFICATE_NUMBER_PATTERN, formatLastParisDay, messages, normalizeCertificateNumber } from '@parcelle/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, userRow } from '../../../test/factories';
import { drawnText } from '../../../test/pdf-text';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { certificates, paintings, purchases } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { reflectionEndsAt } from '../purchases/reflection';
import { initialsOf, issueCertificate, newCertificateNumber, voidCertificate } from './service';

let t: TestApp;
let painting: typeof paintings.$inferSelect;
let owner: { token: string; id: string };
let other: { token: string; id: string };

async function member() {
  const created = await createMember(t, { verified: true });
  const row = await userRow(t, created.email);
  if (!row) throw new Error('member not stored');
  return { token: created.accessToken, id: row.id };
}

/** A paid purchase row, as the settlement leaves it (inserted directly: the purchase flow is not under test). */
async function paidPurchase(userId: string, quantity = 20, ownerName = 'Jeanne Dupont', language: 'en' | 'fr' = 'en') {
  const [row] = await t.ctx.database.db
    .insert(purchases)
    .values({
      reference: `TEST-${randomBytes(6).toString('hex')}`,
      userId,
      paintingId: painting.id,
      quantity,
      currency: 'EURO',
      unitPriceMinor: 45,
      totalMinor: 45 * quantity,
      paymentMethod: 'card',
      ownerName,
      language,
      status: 'paid',
      expiresAt: new Date(Date.now() + 15 * 60_000),
      settledAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('purchase not stored');
  return row;
}

async function issueFor(purchase: typeof purchases.$inferSelect, options?: Parameters<typeof issueCertificate>[2]) {
  return t.ctx.database.db.transaction((tx) =>
    issueCertificate(
      tx,
      {
        purchaseId: purchase.id,
        userId: purchase.userId,
        paintingId: purchase.paintingId,
        holderName: purchase.ownerName,
        quantity: purchase.quantity,
        language: purchase.language,
      },
      options,
    ),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  const [first] = await t.ctx.database.db.select().from(paintings).where(eq(paintings.market, 2)).limit(1);
  if (!first) throw new Error('no seeded painting');
  painting = first;
  owner = await member();
  other = await member();
});
afterAll(async () => {
  // These purchases stand in for settled ones without the ledger side (the purchase flow's own tests cover it):
  // remove them so the invariants check of t.close() looks at what the rest of the app left.
  // (The seed's own purchases, with their ledger side, stay.)
  const own = sql`${purchases.reference} NOT LIKE 'SEED-%'`;
  await t.ctx.database.db
    .delete(certificates)
    .where(inArray(certificates.purchaseId, t.ctx.database.db.select({ id: purchases.id }).from(purchases).where(own)));
  await t.ctx.database.db.delete(purchases).where(own);
  await t.close();
});

describe('certificate numbers', () => {
  it('are PCL-<year>-<10 Crockford base32 characters>, random', () => {
    const numbers = Array.from({ length: 500 }, () => newCertificateNumber(new Date('2026-07-01T00:00:00Z')));
    for (const number of numbers) expect(number).toMatch(/^PCL-2026-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('read typed numbers leniently: case, spaces and the letters Crockford reads as digits', () => {
    expect(normalizeCertificateNumber(' pcl-2026-7k3m9qx2va ')).toBe('PCL-2026-7K3M9QX2VA');
    expect(normalizeCertificateNumber('PCL-2026-O1IL000000')).toBe('PCL-2026-0111000000');
    expect(CERTIFICATE_NUMBER_PATTERN.test('PCL-2026-0111000000')).toBe(true);
    expect(CERTIFICATE_NUMBER_PATTERN.test('PCL-2026-U111000000')).toBe(false);
  });

  it('initials show the holder without the name', () => {
    expect(initialsOf('Jeanne Dupont')).toBe('J. D.');
    expect(initialsOf('  jean-pierre   de la Tour ')).toBe('J.-P. D. L. T.');
    expect(initialsOf('Élodie Ørsted')).toBe('É. Ø.');
    expect(initialsOf('Prince')).toBe('P.');
  });
});

describe('issueCertificate', () => {
  it('issues one certificate per purchase: a second call returns the same row', async () => {
    const purchase = await paidPurchase(owner.id);
    const first = await issueFor(purchase);
    expect(first.number).toMatch(CERTIFICATE_NUMBER_PATTERN);
    expect(first.number.slice(4, 8)).toBe(String(first.issuedAt.getUTCFullYear()));
    expect(first).toMatchObject({
      purchaseId: purchase.id,
      userId: owner.id,
      paintingId: painting.id,
      holderName: 'Jeanne Dupont',
      quantity: 20,
      language: 'en',
    });
    const second = await issueFor(purchase);
    expect(second).toEqual(first);
    const rows = await t.ctx.database.db.select().from(certificates).where(eq(certificates.purchaseId, purchase.id));
    expect(rows).toHaveLength(1);
  });

  it('settles a race: two concurrent transactions for one purchase get the same certificate', async () => {
    const purchase = await paidPurchase(owner.id);
    const [a, b] = await Promise.all([issueFor(purchase), issueFor(purchase)]);
    expect(a?.number).toBe(b?.number);
    const rows = await t.ctx.database.db.select().from(certificates).where(eq(certificates.purchaseId, purchase.id));
    expect(rows).toHaveLength(1);
  });

  it('works inside the caller’s transaction: rolled back with it', async () => {
    const purchase = await paidPurchase(owner.id);
    await expect(
      t.ctx.database.db.transaction(async (tx) => {
        await issueCertificate(tx, {
          purchaseId: purchase.id,
          userId: owner.id,
          paintingId: painting.id,
          holderName: 'Jeanne Dupont',
          quantity: 20,
          language: 'en',
        });
        throw new Error('settlement failed later');
      }),
    ).rejects.toThrow('settlement failed later');
    const rows = await t.ctx.database.db.select().from(certificates).where(eq(certificates.purchaseId, purchase.id));
    expect(rows).toHaveLength(0);
  });

  it('draws another number when one is already taken, without breaking the transaction', async () => {
    const taken = (await issueFor(await paidPurchase(owner.id))).number;
    const fresh = 'PCL-2026-ABCDEFGH12';
    const draws = [taken, taken, fresh];
    const purchase = await paidPurchase(owner.id);
    const issued = await issueFor(purchase, { newNumber: () => draws.shift() ?? newCertificateNumber() });
    expect(issued.number).toBe(fresh);
    expect(draws).toEqual([]);
  });

  it('gives every purchase its own number', async () => {
    const issued = await Promise.all(Array.from({ length: 8 }, async () => issueFor(await paidPurchase(owner.id, 9))));
    expect(new Set(issued.map((row) => row.number)).size).toBe(8);
  });

  it('keeps the holder name tidy and refuses an empty one', async () => {
    const purchase = await paidPurchase(owner.id, 9, '  Anne   Martin ');
    expect((await issueFor(purchase)).holderName).toBe('Anne Martin');
    const blank = await paidPurchase(owner.id, 9, ' ');
    await expect(issueFor(blank)).rejects.toThrow(RangeError);
  });
});

describe('GET /api/certificates/verify/:number', () => {
  it('answers the public data only, with the holder as initials', async () => {
    const purchase = await paidPurchase(owner.id, 20, 'Jeanne Dupont');
    const certificate = await issueFor(purchase);
    const response = await t.call('GET', `/api/certificates/verify/${certificate.number}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual({
      // Issue 30: bought just now, its purchase is in its reflection period: the certificate is provisional.
      status: 'provisional',
      provisional_until: reflectionEndsAt(purchase.settledAt as Date).toISOString(),
      revoked_at: null,
      number: certificate.number,
      issued_at: certificate.issuedAt.toISOString(),
      quantity: 20,
      holder_initials: 'J. D.',
      painting: {
        id: painting.id,
        title: { en: painting.titleEn, fr: painting.titleFr },
        artist: { id: painting.artistId, name: expect.any(String) },
        year: painting.year,
        cover_img: painting.coverKey,
        market: painting.market,
      },
      base_url: '/media/',
    });
    expect(response.body).not.toContain('Dupont');
    expect(response.body).not.toContain(purchase.id);
    expect(response.body).not.toContain(owner.id);
  });

  it('accepts the number typed in lower case', async () => {
    const certificate = await issueFor(await paidPurchase(owner.id));
    const response = await t.call('GET', `/api/certificates/verify/${certificate.number.toLowerCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.number).toBe(certificate.number);
  });

  it.each([
    ['an unknown number', 'PCL-2026-0000000000'],
    ['a malformed number', 'not-a-number'],
    ['a number with a letter outside Crockford', 'PCL-2026-UUUUUUUUUU'],
    ['a long value', `PCL-2026-${'A'.repeat(80)}`],
    ['SQL-looking text', "PCL-2026-'%20OR%201=1--"],
  ])('answers 404 CertificateNotFound in both languages for %s', async (_label, number) => {
    const response = await t.call('GET', `/api/certificates/verify/${number}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, error: messages.CertificateNotFound });
    expect(response.json().error.fr).toBe('Aucun certificat ne porte ce numéro.');
  });

  it('never answers 500, even past the router’s parameter length (414)', async () => {
    const response = await t.call('GET', `/api/certificates/verify/PCL-2026-${'A'.repeat(300)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json().error).toBeDefined();
  });

  it('is rate limited per IP', async () => {
    const limited = await createTestApp({ rateLimitAuthPerMinute: 2 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push(
          (await limited.call('GET', '/api/certificates/verify/PCL-2026-0000000000', { ip: '10.9.8.7' })).statusCode,
        );
      }
      expect(statuses.slice(0, 6)).toEqual([404, 404, 404, 404, 404, 404]);
      expect(statuses[6]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('a certificate’s state, on the verification page and in the PDF (issue 30)', () => {
  const pdfText = async (number: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/member/certificates/${number}/pdf`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.statusCode).toBe(200);
    return drawnText(response.rawPayload);
  };

  it('is provisional while its purchase is in the reflection period, until the period’s end', async () => {
    const purchase = await paidPurchase(owner.id);
    const certificate = await issueFor(purchase);
    const until = reflectionEndsAt(purchase.settledAt as Date);
    const { data } = (await t.call('GET', `/api/certificates/verify/${certificate.number}`)).json();
    expect(data).toMatchObject({ status: 'provisional', provisional_until: until.toISOString(), revoked_at: null });
    const text = await pdfText(certificate.number);
    expect(text).toContain(`Provisional until ${formatLastParisDay(until, 'en')}`);
    expect(text).not.toContain('Void');
  });

  it('is valid once the period is over: no date, and the PDF carries no mark', async () => {
    const purchase = await paidPurchase(owner.id);
    // Settled ten days ago: the 4 calendar days (and a weekend's extension) are past.
    await t.ctx.database.db
      .update(purchases)
      .set({ settledAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(purchases.id, purchase.id));
    const certificate = await issueFor(purchase);
    const { data } = (await t.call('GET', `/api/certificates/verify/${certificate.number}`)).json();
    expect(data).toMatchObject({ status: 'valid', provisional_until: null, revoked_at: null });
    const text = await pdfText(certificate.number);
    expect(text).toContain('Certificate of co-ownership');
    expect(text).not.toContain('Provisional');
    expect(text).not.toContain('Void');
  });

  it('is void once its purchase was revoked, dated on the Paris calendar, in the certificate’s language', async () => {
    const purchase = await paidPurchase(owner.id, 20, 'Jeanne Dupont', 'fr');
    const certificate = await issueFor(purchase);
    // 23:30 UTC is already the next day in Paris: the page and the PDF date it the 7th.
    const revokedAt = new Date('2026-03-06T23:30:00.000Z');
    await t.ctx.database.db.transaction((tx) => voidCertificate(tx, purchase.id, revokedAt));
    const { data } = (await t.call('GET', `/api/certificates/verify/${certificate.number}`)).json();
    expect(data).toMatchObject({ status: 'void', provisional_until: null, revoked_at: revokedAt.toISOString() });
    const text = await pdfText(certificate.number);
    expect(text).toContain('Caduc \u2014 achat annul\u00e9 le 07 mars 2026');
    expect(text).not.toContain('Provisoire');
  });
});

describe('GET /api/member/certificates/:number/pdf', () => {
  it('sends the owner the PDF, rendered in the certificate’s language', async () => {
    const certificate = await issueFor(await paidPurchase(owner.id, 18, 'Hélène Lefèvre', 'fr'));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/member/certificates/${certificate.number}/pdf`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="certificate-${certificate.number}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Certificat de copropriété ${certificate.number}`);
  });

  it('answers 404 to another member, as for an unknown number', async () => {
    const certificate = await issueFor(await paidPurchase(owner.id));
    const response = await t.call('GET', `/api/member/certificates/${certificate.number}/pdf`, { token: other.token });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, error: messages.CertificateNotFound });
    const unknown = await t.call('GET', '/api/member/certificates/PCL-2026-0000000000/pdf', { token: other.token });
    expect(unknown.json()).toEqual(response.json());
    const malformed = await t.call('GET', '/api/member/certificates/nope/pdf', { token: other.token });
    expect(malformed.statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const certificate = await issueFor(await paidPurchase(owner.id));
    const response = await t.call('GET', `/api/member/certificates/${certificate.number}/pdf`);
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('GET /api/member/certificates', () => {
  it('lists the member’s certificates, newest first, paginated by the database, with the total', async () => {
    const lister = await member();
    const issued = [];
    for (let i = 0; i < 5; i++) {
      const purchase = await paidPurchase(lister.id, 9 * (i + 1), `Holder ${i}`);
      issued.push(await issueFor(purchase, { issuedAt: new Date(Date.UTC(2026, 0, 10 + i)) }));
    }
    const page1 = await t.call('GET', '/api/member/certificates?limit=2&offset=0', { token: lister.token });
    expect(page1.statusCode).toBe(200);
    const data1 = page1.json().data;
    expect(data1.total).toBe(5);
    expect(data1.base_url).toMatch(/\/media\/$/);
    expect(data1.certificates.map((c: { number: string }) => c.number)).toEqual([issued[4]?.number, issued[3]?.number]);
    expect(data1.certificates[0]).toMatchObject({
      holder_name: 'Holder 4',
      quantity: 45,
      language: 'en',
      issued_at: '2026-01-14T00:00:00.000Z',
      painting: { id: painting.id, title: { en: painting.titleEn, fr: painting.titleFr } },
    });
    const page3 = (await t.call('GET', '/api/member/certificates?limit=2&offset=4', { token: lister.token })).json()
      .data;
    expect(page3.certificates.map((c: { number: string }) => c.number)).toEqual([issued[0]?.number]);
    expect(page3.total).toBe(5);
    // The default page size, and nothing from other members.
    const all = (await t.call('GET', '/api/member/certificates', { token: lister.token })).json().data;
    expect(all.certificates).toHaveLength(5);
    const none = (await t.call('GET', '/api/member/certificates', { token: other.token })).json().data;
    expect(none).toMatchObject({ certificates: [], total: 0 });
  });

  it('refuses bad pagination and a missing token', async () => {
    const bad = await t.call('GET', '/api/member/certificates?limit=0', { token: owner.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual(messages.InvalidPagination);
    expect((await t.call('GET', '/api/member/certificates')).statusCode).toBe(401);
  });
});
