import { keyInformationPagePath, type Language, MARKET, type TKeyInformationStatus } from '@parcelle/shared';
import { and, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { artists, paintings, paintingValuations, purchases } from '../../db/schema';
import { arraysOf, selectFromArrays } from '../../db/unnest';
import { badRequest, conflict, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { contentHash, type KeyInformationContent, type KeyInformationFacts, keyInformationContent } from './content';
import { keyInformationAcknowledgements, keyInformationPurchases, keyInformationVersions } from './schema';

export type KeyInformationVersion = typeof keyInformationVersions.$inferSelect;
export type KeyInformationAcknowledgement = typeof keyInformationAcknowledgements.$inferSelect;

/** The web page of a work's key information document, where the gate sends a member (issue 30). */
export const keyInformationPage = keyInformationPagePath;

/**
 * The facts a document is written from, read now: the work, its artist, its current appraisal (the latest one not
 * corrected by another), the issuer and the exit floors from the configuration.
 */
/** What the documents take from the configuration: the issuer, the registration rule and the exit floors. */
export type KeyInformationSettings = Pick<AppConfig, 'keyInformation' | 'exits'>;

export async function factsOf(
  db: Executor,
  config: KeyInformationSettings,
  paintingId: string,
  registrationNumber: string | null,
): Promise<KeyInformationFacts> {
  const [row] = await db
    .select({ painting: paintings, artist: artists.name })
    .from(paintings)
    .innerJoin(artists, eq(artists.id, paintings.artistId))
    .where(eq(paintings.id, paintingId));
  if (!row) throw notFound('PaintingNotFound');
  const later = alias(paintingValuations, 'later');
  const [valuation] = await db
    .select()
    .from(paintingValuations)
    .where(
      and(
        eq(paintingValuations.paintingId, paintingId),
        notExists(db.select({ id: later.id }).from(later).where(sql`${later.supersedesId} = ${paintingValuations.id}`)),
      ),
    )
    .orderBy(desc(paintingValuations.valuedOn), desc(paintingValuations.createdAt), desc(paintingValuations.id))
    .limit(1);
  const p = row.painting;
  return {
    paintingId: p.id,
    slug: p.slug,
    titleEn: p.titleEn,
    titleFr: p.titleFr,
    artist: row.artist,
    typeEn: p.typeEn,
    typeFr: p.typeFr,
    year: p.year,
    widthCm: p.widthCm,
    heightCm: p.heightCm,
    totalParts: p.totalParts,
    pricePerPartMinor: p.pricePerPartMinor,
    entryFeeMinor: p.entryFeeMinor,
    storageCostYearlyMinor: p.storageCostYearlyMinor,
    insuranceCostYearlyMinor: p.insuranceCostYearlyMinor,
    exitFeeMinor: p.exitFeeMinor,
    exitShareBps: p.exitShareBps,
    custodyPlaceEn: p.custodyPlaceEn,
    custodyPlaceFr: p.custodyPlaceFr,
    insurer: p.insurer,
    targetHoldingYears: p.targetHoldingYears,
    valuation: valuation
      ? {
          valueMinor: valuation.valueMinor,
          currency: valuation.currency,
          valuedOn: valuation.valuedOn,
          appraiser: valuation.appraiser,
          methodEn: valuation.methodEn,
          methodFr: valuation.methodFr,
        }
      : null,
    issuer: { ...config.keyInformation.issuer },
    registrationNumber,
    exits: {
      minQuorumBps: config.exits.minQuorumBps,
      minMajorityBps: config.exits.minMajorityBps,
      minWindowDays: Math.ceil(config.exits.minWindowMs / 86_400_000),
    },
  };
}

/** The published version members read now: the work's highest version, or null before the first is published. */
export async function currentVersion(db: Executor, paintingId: string): Promise<KeyInformationVersion | null> {
  const [row] = await db
    .select()
    .from(keyInformationVersions)
    .where(eq(keyInformationVersions.paintingId, paintingId))
    .orderBy(desc(keyInformationVersions.version))
    .limit(1);
  return row ?? null;
}

export async function versionOf(db: Executor, paintingId: string, version: number): Promise<KeyInformationVersion> {
  const [row] = await db
    .select()
    .from(keyInformationVersions)
    .where(and(eq(keyInformationVersions.paintingId, paintingId), eq(keyInformationVersions.version, version)));
  if (!row) throw notFound('KeyInformationNotFound');
  return row;
}

export async function versionsOf(db: Executor, paintingId: string): Promise<KeyInformationVersion[]> {
  return db
    .select()
    .from(keyInformationVersions)
    .where(eq(keyInformationVersions.paintingId, paintingId))
    .orderBy(desc(keyInformationVersions.version));
}

/**
 * The draft an operator previews: the document generated from the work's data now, without a registration number,
 * and its hash (`draft_hash`), which publishing checks so that what is published is what was read.
 */
export async function draftOf(db: Executor, config: KeyInformationSettings, paintingId: string) {
  const content = keyInformationContent(await factsOf(db, config, paintingId, null));
  const current = await currentVersion(db, paintingId);
  const draftHash = contentHash(content);
  const currentDraftHash = current
    ? contentHash(keyInformationContent({ ...current.content.facts, registrationNumber: null }))
    : null;
  return {
    content,
    draftHash,
    current,
    /** Whether the data changed since the current version (false: publishing would repeat it). */
    changed: currentDraftHash !== draftHash,
  };
}

const REGISTRATION_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{2,63}$/;

/**
 * Publishes the next version of a work's document: generated again from the data now, refused (409) when that is not
 * the draft the operator read (`draftHash`), with the registration number inside the content when given (required
 * when the regime asks for one: KID_REGISTRATION_REQUIRED). Frozen once written; audited in the same transaction.
 */
export async function publishVersion(
  db: Executor,
  config: KeyInformationSettings,
  operatorId: string,
  paintingId: string,
  input: { draftHash: string; registrationNumber?: string | null },
): Promise<KeyInformationVersion> {
  const registrationNumber = input.registrationNumber?.trim() || null;
  if (config.keyInformation.registrationRequired && !registrationNumber) {
    throw badRequest('KeyInformationRegistrationRequired', 'registration_number');
  }
  if (registrationNumber && !REGISTRATION_NUMBER.test(registrationNumber)) {
    throw badRequest('KeyInformationRegistrationInvalid', 'registration_number');
  }
  return db.transaction(async (tx) => {
    // One publication of a work at a time: the work's row is held until the version is written.
    await tx.execute(sql`SELECT id FROM paintings WHERE id = ${paintingId} FOR UPDATE`);
    const facts = await factsOf(tx, config, paintingId, null);
    if (contentHash(keyInformationContent(facts)) !== input.draftHash) throw conflict('KeyInformationDraftChanged');
    const content = keyInformationContent({ ...facts, registrationNumber });
    const current = await currentVersion(tx, paintingId);
    const [version] = await tx
      .insert(keyInformationVersions)
      .values({
        paintingId,
        version: (current?.version ?? 0) + 1,
        content,
        contentHash: contentHash(content),
        registrationNumber,
        publishedBy: operatorId,
      })
      .returning();
    if (!version) throw new Error('key information version not written');
    await audit(tx, {
      actorId: operatorId,
      action: 'key_information.publish',
      targetType: 'painting',
      targetId: paintingId,
      details: {
        version: version.version,
        content_hash: version.contentHash,
        registration_number: registrationNumber,
        supersedes: current ? { version: current.version, content_hash: current.contentHash } : null,
      },
      after: { version_id: version.id, version: version.version, content_hash: version.contentHash },
    });
    return version;
  });
}

/**
 * A member acknowledges having opened and read a version (POST …/acknowledge): only the current one (409 when a newer
 * version was published meanwhile, so they read that one), recorded with its hash, the language and the session.
 */
export async function acknowledge(
  db: Executor,
  params: { userId: string; sessionId: string; paintingId: string; versionId: string; language: Language },
): Promise<KeyInformationAcknowledgement> {
  const current = await currentVersion(db, params.paintingId);
  if (!current) throw notFound('KeyInformationNotFound');
  if (current.id !== params.versionId) throw conflict('KeyInformationOutdated');
  const [row] = await db
    .insert(keyInformationAcknowledgements)
    .values({
      userId: params.userId,
      paintingId: params.paintingId,
      versionId: current.id,
      contentHash: current.contentHash,
      language: params.language,
      sessionId: params.sessionId,
    })
    .returning();
  if (!row) throw new Error('acknowledgement not written');
  return row;
}

/** The member's latest acknowledgement of the work's current version, if any. */
export async function acknowledgementOfCurrent(
  db: Executor,
  userId: string,
  paintingId: string,
): Promise<{ current: KeyInformationVersion | null; acknowledgement: KeyInformationAcknowledgement | null }> {
  const current = await currentVersion(db, paintingId);
  if (!current) return { current: null, acknowledgement: null };
  const [row] = await db
    .select()
    .from(keyInformationAcknowledgements)
    .where(
      and(eq(keyInformationAcknowledgements.userId, userId), eq(keyInformationAcknowledgements.versionId, current.id)),
    )
    .orderBy(desc(keyInformationAcknowledgements.acknowledgedAt))
    .limit(1);
  return { current, acknowledgement: row ?? null };
}

/** The member's standing on a work's current version, as the web app reads it (GET /user/key-information/:id). */
export async function memberStatus(db: Executor, userId: string, paintingId: string): Promise<TKeyInformationStatus> {
  const [painting] = await db.select({ market: paintings.market }).from(paintings).where(eq(paintings.id, paintingId));
  if (!painting) throw notFound('PaintingNotFound');
  const { current, acknowledgement } = await acknowledgementOfCurrent(db, userId, paintingId);
  return {
    required: painting.market === MARKET.primary,
    published: current !== null,
    version_id: current?.id ?? null,
    version: current?.version ?? null,
    content_hash: current?.contentHash ?? null,
    acknowledged: acknowledgement !== null,
    acknowledged_at: acknowledgement?.acknowledgedAt.toISOString() ?? null,
    page: keyInformationPagePath(paintingId),
  };
}

/**
 * Records, in the purchase's own transaction, the acknowledgement a primary purchase was made under. Called by the
 * purchases module (the only writer of purchases) with what the gate answered.
 */
export async function recordPurchaseKeyInformation(
  tx: Executor,
  purchaseId: string,
  acknowledgement: { id: string; versionId: string } | null,
): Promise<void> {
  await recordPurchasesKeyInformation(tx, [{ purchaseId, acknowledgement }]);
}

/** The same for several purchases in one INSERT (a batch of reservations); those without a version record none. */
export async function recordPurchasesKeyInformation(
  tx: Executor,
  made: readonly { purchaseId: string; acknowledgement: { id: string; versionId: string } | null }[],
): Promise<void> {
  const rows = made.flatMap(({ purchaseId, acknowledgement }) =>
    acknowledgement
      ? [{ purchaseId, acknowledgementId: acknowledgement.id, versionId: acknowledgement.versionId }]
      : [],
  );
  if (rows.length === 0) return;
  await insertPurchasesVersions(tx).execute(arraysOf(keyInformationPurchases, PURCHASE_VERSION_KEYS, rows));
}

const PURCHASE_VERSION_KEYS = ['purchaseId', 'acknowledgementId', 'versionId'] as const;

/** The versions' INSERT, the same text for any number of purchases (decision 521): prepared. */
const insertPurchasesVersions = preparedPerDatabase((db) =>
  db
    .insert(keyInformationPurchases)
    .select(selectFromArrays(keyInformationPurchases, PURCHASE_VERSION_KEYS))
    .prepare('key_information_insert_purchases'),
);

/** For the member's history: the version each of these purchases (by reference) was made under. */
export async function keyInformationOfReferences(
  db: Executor,
  references: readonly string[],
): Promise<Map<string, { version: number; content_hash: string; acknowledged_at: string }>> {
  const found = new Map<string, { version: number; content_hash: string; acknowledged_at: string }>();
  if (references.length === 0) return found;
  const rows = await db
    .select({
      reference: purchases.reference,
      version: keyInformationVersions.version,
      contentHash: keyInformationAcknowledgements.contentHash,
      acknowledgedAt: keyInformationAcknowledgements.acknowledgedAt,
    })
    .from(keyInformationPurchases)
    .innerJoin(purchases, eq(purchases.id, keyInformationPurchases.purchaseId))
    .innerJoin(keyInformationVersions, eq(keyInformationVersions.id, keyInformationPurchases.versionId))
    .innerJoin(
      keyInformationAcknowledgements,
      eq(keyInformationAcknowledgements.id, keyInformationPurchases.acknowledgementId),
    )
    .where(inArray(purchases.reference, [...references]));
  for (const row of rows) {
    found.set(row.reference, {
      version: row.version,
      content_hash: row.contentHash,
      acknowledged_at: row.acknowledgedAt.toISOString(),
    });
  }
  return found;
}

/** For the member's history: each purchase's version (number, hash, when acknowledged), by purchase id. */
export async function keyInformationOfPurchases(
  db: Executor,
  purchaseIds: readonly string[],
): Promise<Map<string, { version: number; contentHash: string; acknowledgedAt: Date; language: Language }>> {
  const found = new Map<string, { version: number; contentHash: string; acknowledgedAt: Date; language: Language }>();
  if (purchaseIds.length === 0) return found;
  const rows = await db
    .select({
      purchaseId: keyInformationPurchases.purchaseId,
      version: keyInformationVersions.version,
      contentHash: keyInformationAcknowledgements.contentHash,
      acknowledgedAt: keyInformationAcknowledgements.acknowledgedAt,
      language: keyInformationAcknowledgements.language,
    })
    .from(keyInformationPurchases)
    .innerJoin(keyInformationVersions, eq(keyInformationVersions.id, keyInformationPurchases.versionId))
    .innerJoin(
      keyInformationAcknowledgements,
      eq(keyInformationAcknowledgements.id, keyInformationPurchases.acknowledgementId),
    )
    .where(inArray(keyInformationPurchases.purchaseId, [...purchaseIds]));
  for (const row of rows) found.set(row.purchaseId, row);
  return found;
}

export type { KeyInformationContent };

/**
 * A member's acknowledgements of key information documents, newest first, in the consent log's shape: the investor
 * module's console view lists them beside the warnings (issue 30), read here rather than copied there.
 */
export async function acknowledgementsOf(db: Executor, memberId: string) {
  const rows = await db
    .select({ acknowledgement: keyInformationAcknowledgements, version: keyInformationVersions.version })
    .from(keyInformationAcknowledgements)
    .innerJoin(keyInformationVersions, eq(keyInformationVersions.id, keyInformationAcknowledgements.versionId))
    .where(eq(keyInformationAcknowledgements.userId, memberId))
    .orderBy(desc(keyInformationAcknowledgements.acknowledgedAt))
    .limit(1000);
  return rows.map(({ acknowledgement, version }) => ({
    id: acknowledgement.id,
    kind: 'key_information',
    text_version: `v${version}`,
    text_hash: acknowledgement.contentHash,
    language: acknowledgement.language,
    session_id: acknowledgement.sessionId,
    reference: acknowledgement.paintingId,
    amount_minor: null,
    currency: null,
    created_at: acknowledgement.acknowledgedAt.toISOString(),
  }));
}
