import { MARKET } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paintings } from '../../db/schema';
import { AppError } from '../../http/errors';
import { acknowledgementOfCurrent, type KeyInformationAcknowledgement, keyInformationPage } from './service';

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

/**
 * The gate of a primary purchase: the member opened and acknowledged the work's current key information document.
 * A work with no published document is not sold on the primary market (403 `KeyInformationUnpublished`); a newer
 * version than the one acknowledged asks again. Works not on the primary market (the secondary market, or a work
 * the purchase will refuse anyway) pass: the quote answers for them. Answers the acknowledgement the purchase records.
 */
export async function requireKeyInformationAcknowledged(
  db: Executor,
  memberId: string,
  paintingId: string,
): Promise<KeyInformationAcknowledgement | null> {
  const [painting] = await db.select({ market: paintings.market }).from(paintings).where(eq(paintings.id, paintingId));
  if (painting?.market !== MARKET.primary) return null;
  const { current, acknowledgement } = await acknowledgementOfCurrent(db, memberId, paintingId);
  if (!current) throw new KeyInformationGateError(paintingId, 'unpublished');
  if (!acknowledgement) throw new KeyInformationGateError(paintingId, 'unacknowledged');
  return acknowledgement;
}
