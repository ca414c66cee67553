import { MARKET } from '@parcelle/shared';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { AppError } from '../../http/errors';
import { keyInformationPage } from './service';

/**
 * The refusal of the key information gate (issue 30): 403, the step's message in both languages, the step's name and
 * the page that resolves it (the work's document, where the member reads and acknowledges it).
 */
export class KeyInformationGateError extends AppError {
  readonly step = 'key_information';
  readonly page: string;
  constructor(
    readonly paintingId: string,
    reason: 'unpublished' | 'unacknowledged',
  ) {
    super(403, reason === 'unpublished' ? 'KeyInformationUnpublished' : 'KeyInformationRequired');
    this.name = 'KeyInformationGateError';
    this.page = keyInformationPage(paintingId);
  }
}

/** The acknowledgement a purchase is made under: recorded with it (recordPurchaseKeyInformation). */
export type PurchaseAcknowledgement = { id: string; versionId: string };

/**
 * The gate of a primary purchase: the member opened and acknowledged the work's current key information document.
 * A work with no published document is not sold on the primary market (403 `KeyInformationUnpublished`); a newer
 * version than the one acknowledged asks again. Works not on the primary market (the secondary market, or a work
 * the purchase will refuse anyway) pass: the quote answers for them. One statement (the purchase's statement budget,
 * statements.test.ts). Answers the acknowledgement the purchase records.
 */
export async function requireKeyInformationAcknowledged(
  db: Executor,
  memberId: string,
  paintingId: string,
): Promise<PurchaseAcknowledgement | null> {
  const [row] = await queryRows<{ gate: KeyInformationGateRow | null }>(
    db,
    sql`SELECT ${keyInformationGateColumn(memberId, paintingId)} AS gate`,
  );
  return acknowledgementOf(row?.gate ?? null, paintingId);
}

/** What `keyInformationGateColumn` answers (one JSON value; null when the work does not exist). */
export type KeyInformationGateRow = { market: number; version_id: string | null; ack_id: string | null };

/**
 * The gate's read as one JSON column of a statement (`requireKeyInformationAcknowledged`, or a purchase's one read of
 * its gates, decision 487): the work's market, its current version, the member's latest acknowledgement of it.
 * `memberId` and `paintingId` are values or a prepared statement's placeholders.
 */
export function keyInformationGateColumn(memberId: string | Placeholder | SQL, paintingId: string | Placeholder): SQL {
  return sql`(SELECT json_build_object('market', p.market, 'version_id', v.id, 'ack_id', a.id)
          FROM paintings p
          LEFT JOIN LATERAL (
            SELECT id FROM key_information_versions WHERE painting_id = p.id ORDER BY version DESC LIMIT 1
          ) v ON true
          LEFT JOIN LATERAL (
            SELECT id FROM key_information_acknowledgements
             WHERE user_id = ${memberId} AND version_id = v.id
             ORDER BY acknowledged_at DESC LIMIT 1
          ) a ON true
         WHERE p.id = ${paintingId})`;
}

/** The gate on what `keyInformationGateColumn` read: the acknowledgement the purchase records, null, or the refusal. */
export function acknowledgementOf(
  row: KeyInformationGateRow | null,
  paintingId: string,
): PurchaseAcknowledgement | null {
  if (Number(row?.market) !== MARKET.primary) return null;
  if (!row?.version_id) throw new KeyInformationGateError(paintingId, 'unpublished');
  if (!row.ack_id) throw new KeyInformationGateError(paintingId, 'unacknowledged');
  return { id: row.ack_id, versionId: row.version_id };
}
