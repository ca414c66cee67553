import { type Language, ZCertificateNumber } from '@parcelle/shared';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { artists, certificates, paintings, purchases } from '../../db/schema';
import { arraysOf, selectFromArrays } from '../../db/unnest';
import { notFound } from '../../http/errors';
import { inReflectionPeriod, reflectionAppliesTo, reflectionEndsAt } from '../purchases/reflection';
import { CROCKFORD_LENGTH, randomCrockford } from '../references/references';
import { renderCertificatePdf } from './certificate-pdf';

export type Certificate = typeof certificates.$inferSelect;

export type IssueCertificateInput = {
  purchaseId: string;
  /** The buyer: the member who may download the certificate. */
  userId: string;
  paintingId: string;
  /** The name printed on the certificate; may differ from the buyer (spec §1). */
  holderName: string;
  /** Parts bought (9 parts = 1 cm²). */
  quantity: number;
  /** The language the certificate is written in. */
  language: Language;
};

const MAX_ATTEMPTS = 5;

/** `PCL-<year>-<10 Crockford base32 characters>` (50 random bits) from the operating system's random source. */
export function newCertificateNumber(issuedAt: Date = new Date()): string {
  return `PCL-${issuedAt.getUTCFullYear()}-${randomCrockford(CROCKFORD_LENGTH)}`;
}

/** "Jeanne Dupont" → "J. D.", "Jean-Pierre de la Tour" → "J.-P. D. L. T.": the letters that start each word. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) =>
      word
        .split('-')
        .map((part) => /\p{L}/u.exec(part)?.[0])
        .filter((letter): letter is string => !!letter)
        .map((letter) => `${letter.toLocaleUpperCase()}.`)
        .join('-'),
    )
    .filter(Boolean)
    .slice(0, 6)
    .join(' ');
}

async function byPurchase(tx: Executor, purchaseId: string): Promise<Certificate | undefined> {
  const [row] = await tx.select().from(certificates).where(eq(certificates.purchaseId, purchaseId));
  return row;
}

/** The holder's name as printed (spaces folded), refused when empty or for a quantity that is not whole. */
function checkedInput(input: IssueCertificateInput): IssueCertificateInput {
  const holderName = input.holderName.trim().replace(/\s+/g, ' ');
  if (!holderName) throw new RangeError('a certificate needs a holder name');
  if (!Number.isSafeInteger(input.quantity) || input.quantity <= 0) {
    throw new RangeError(`a certificate needs a positive whole quantity, got ${input.quantity}`);
  }
  return { ...input, holderName };
}

/**
 * Issues the certificate of a paid purchase, inside the caller's transaction (`tx`), and returns it: a batch of one
 * (`issueCertificates`). Idempotent per purchase: a second call for the same purchase returns the first certificate
 * unchanged. `options.newNumber` exists for tests.
 */
export async function issueCertificate(
  tx: Executor,
  input: IssueCertificateInput,
  options: { newNumber?: (issuedAt: Date) => string; issuedAt?: Date } = {},
): Promise<Certificate> {
  const [certificate] = await issueCertificates(tx, [input], options);
  if (!certificate) throw new Error('certificate not issued');
  return certificate;
}

/**
 * Issues the certificates of paid purchases (a batch of settlements), in one INSERT when nothing clashes, and returns
 * them in the order asked. Inserts with ON CONFLICT DO NOTHING, so a clash (a purchase that already has its
 * certificate, settled concurrently or asked twice, or a random number already taken) never aborts the caller's
 * transaction: the certificates the purchases already have are read back in one statement, and only the purchases
 * still without one draw new numbers.
 */
export async function issueCertificates(
  tx: Executor,
  inputs: readonly IssueCertificateInput[],
  options: { newNumber?: (issuedAt: Date) => string; issuedAt?: Date } = {},
): Promise<Certificate[]> {
  const checked = inputs.map(checkedInput);
  const issued = new Map<string, Certificate>();
  const issuedAt = options.issuedAt ?? new Date();
  const draw = options.newNumber ?? newCertificateNumber;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const missing = [...new Map(checked.map((input) => [input.purchaseId, input])).values()].filter(
      (input) => !issued.has(input.purchaseId),
    );
    if (missing.length === 0) break;
    const rows = await insertCertificates(tx).execute(
      arraysOf(
        certificates,
        CERTIFICATE_KEYS,
        missing.map((input) => ({ ...input, number: draw(issuedAt), issuedAt })),
      ),
    );
    for (const row of rows) issued.set(row.purchaseId, row);
    const clashed = missing.filter((input) => !issued.has(input.purchaseId)).map((input) => input.purchaseId);
    if (clashed.length === 0) break;
    const existing = await tx.select().from(certificates).where(inArray(certificates.purchaseId, clashed));
    for (const row of existing) issued.set(row.purchaseId, row);
  }
  return checked.map((input) => {
    const certificate = issued.get(input.purchaseId);
    if (!certificate) throw new Error(`no free certificate number after ${MAX_ATTEMPTS} attempts`);
    return certificate;
  });
}

const CERTIFICATE_KEYS = [
  'number',
  'purchaseId',
  'userId',
  'paintingId',
  'holderName',
  'quantity',
  'language',
  'issuedAt',
] as const;

/** The certificates' INSERT, the same text for any number of them (decision 521): prepared. */
const insertCertificates = preparedPerDatabase((db) =>
  db
    .insert(certificates)
    .select(selectFromArrays(certificates, CERTIFICATE_KEYS))
    .onConflictDoNothing()
    .returning()
    .prepare('certificates_insert'),
);

/**
 * Issue 30: voids the certificate of a revoked purchase, inside the revocation's transaction. Set once (a second call
 * changes nothing); the certificate stays in the register and at its verification page, shown as void from then on.
 */
export async function voidCertificate(tx: Executor, purchaseId: string, at: Date): Promise<Certificate | undefined> {
  const [voided] = await tx
    .update(certificates)
    .set({ voidedAt: at })
    .where(and(eq(certificates.purchaseId, purchaseId), isNull(certificates.voidedAt)))
    .returning();
  return voided ?? (await byPurchase(tx, purchaseId));
}

const certificateColumns = {
  certificate: certificates,
  paintingId: paintings.id,
  titleEn: paintings.titleEn,
  titleFr: paintings.titleFr,
  year: paintings.year,
  coverKey: paintings.coverKey,
  market: paintings.market,
  wordingEn: paintings.certificateWordingEn,
  wordingFr: paintings.certificateWordingFr,
  artistId: artists.id,
  artistName: artists.name,
  purchaseMarket: purchases.market,
  purchaseSettledAt: purchases.settledAt,
};

type CertificateJoinRow = {
  certificate: Certificate;
  paintingId: string;
  titleEn: string;
  titleFr: string;
  year: number;
  coverKey: string;
  market: number;
  wordingEn: string;
  wordingFr: string;
  artistId: string;
  artistName: string;
  purchaseMarket: number;
  purchaseSettledAt: Date | null;
};

/**
 * A certificate's state as a name the readers switch on (the verification page, the PDF, the member's list), with the
 * date each state is read with: the period's exclusive end while provisional, the revocation's time once void (the
 * certificate is voided in the revocation's transaction, with its time).
 */
export type CertificateState =
  | { status: 'valid'; until: null; revokedAt: null }
  | { status: 'provisional'; until: Date; revokedAt: null }
  | { status: 'void'; until: null; revokedAt: Date };

/**
 * Issue 30: a certificate is `void` once its purchase was revoked, `provisional` while its primary purchase is in the
 * reflection period (it may still be revoked), else `valid`; `until` is the end of that period.
 */
export async function certificateStatus(
  db: Executor,
  row: CertificateJoinRow,
  now = new Date(),
): Promise<CertificateState> {
  if (row.certificate.voidedAt) return { status: 'void', until: null, revokedAt: row.certificate.voidedAt };
  const settledAt = row.purchaseSettledAt;
  if (row.purchaseMarket !== 2 || !settledAt || !inReflectionPeriod(settledAt, now)) {
    return { status: 'valid', until: null, revokedAt: null };
  }
  if (!(await reflectionAppliesTo(db, row.certificate.userId, settledAt))) {
    return { status: 'valid', until: null, revokedAt: null };
  }
  return { status: 'provisional', until: reflectionEndsAt(settledAt), revokedAt: null };
}

const shapePainting = (row: CertificateJoinRow) => ({
  id: row.paintingId,
  title: { en: row.titleEn, fr: row.titleFr },
  artist: { id: row.artistId, name: row.artistName },
  year: row.year,
  cover_img: row.coverKey,
  market: row.market,
});

/** A well-formed number, or 404: a malformed number is answered exactly like an unknown one. */
function parseNumber(number: string): string {
  const parsed = ZCertificateNumber.safeParse(number);
  if (!parsed.success) throw notFound('CertificateNotFound');
  return parsed.data;
}

async function findCertificate(db: Executor, number: string, memberId?: string) {
  const where = memberId
    ? and(eq(certificates.number, number), eq(certificates.userId, memberId))
    : eq(certificates.number, number);
  const [row] = await db
    .select(certificateColumns)
    .from(certificates)
    .innerJoin(paintings, eq(paintings.id, certificates.paintingId))
    .innerJoin(artists, eq(artists.id, paintings.artistId))
    .innerJoin(purchases, eq(purchases.id, certificates.purchaseId))
    .where(where);
  if (!row) throw notFound('CertificateNotFound');
  return row;
}

/**
 * GET /certificates/verify/:number: what anyone holding the number may see. The holder appears as initials
 * only; the buyer, the price and the purchase never appear. Unknown or malformed: 404 CertificateNotFound.
 */
export async function verifyCertificate(db: Executor, number: string) {
  const row = await findCertificate(db, parseNumber(number));
  const state = await certificateStatus(db, row);
  return {
    status: state.status,
    provisional_until: state.until?.toISOString() ?? null,
    revoked_at: state.revokedAt?.toISOString() ?? null,
    number: row.certificate.number,
    issued_at: row.certificate.issuedAt.toISOString(),
    quantity: row.certificate.quantity,
    holder_initials: initialsOf(row.certificate.holderName),
    painting: shapePainting(row),
  };
}

export const verifyUrlOf = (publicUrl: string, number: string) =>
  `${publicUrl}/certificates/verify/${encodeURIComponent(number)}`;

/**
 * The PDF of one of the member's certificates, rendered on demand in the certificate's language. Another
 * member's certificate is answered like an unknown one (404), so its existence is not revealed.
 */
export async function certificatePdfFor(ctx: AppContext, memberId: string, number: string) {
  const row = await findCertificate(ctx.database.db, parseNumber(number), memberId);
  const { certificate } = row;
  // Rendered on demand, so the PDF says what the certificate is now: provisional, void or (saying nothing) valid.
  const state = await certificateStatus(ctx.database.db, row);
  const bytes = await renderCertificatePdf({
    number: certificate.number,
    holderName: certificate.holderName,
    paintingTitle: certificate.language === 'fr' ? row.titleFr : row.titleEn,
    artistName: row.artistName,
    paintingYear: row.year,
    quantity: certificate.quantity,
    issuedAt: certificate.issuedAt,
    language: certificate.language,
    verifyUrl: verifyUrlOf(ctx.config.publicUrl, certificate.number),
    wording: certificate.language === 'fr' ? row.wordingFr : row.wordingEn,
    state,
  });
  return { number: certificate.number, bytes };
}

/** GET /member/certificates: the member's certificates, newest first, paginated by the database. */
export async function listCertificates(db: Executor, memberId: string, query: { limit: number; offset: number }) {
  const mine = eq(certificates.userId, memberId);
  const [rows, [total]] = await Promise.all([
    db
      .select(certificateColumns)
      .from(certificates)
      .innerJoin(paintings, eq(paintings.id, certificates.paintingId))
      .innerJoin(artists, eq(artists.id, paintings.artistId))
      .innerJoin(purchases, eq(purchases.id, certificates.purchaseId))
      .where(mine)
      .orderBy(desc(certificates.issuedAt), desc(certificates.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(certificates).where(mine),
  ]);
  const statuses = await Promise.all(rows.map((row) => certificateStatus(db, row)));
  return {
    certificates: rows.map((row, index) => ({
      status: statuses[index]?.status ?? 'valid',
      provisional_until: statuses[index]?.until?.toISOString() ?? null,
      number: row.certificate.number,
      issued_at: row.certificate.issuedAt.toISOString(),
      quantity: row.certificate.quantity,
      holder_name: row.certificate.holderName,
      language: row.certificate.language,
      purchase_id: row.certificate.purchaseId,
      painting: shapePainting(row),
    })),
    total: Number(total?.total ?? 0),
  };
}
