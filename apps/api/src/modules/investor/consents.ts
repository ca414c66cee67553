import { createHash } from 'node:crypto';
import type { Currency, Language } from '@parcelle/shared';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { acknowledgementsOf } from '../key-information/service';
import { investorConsents } from './schema';

/** The SHA-256 (hex) of the exact text shown, as the consent log keeps it. */
export function textHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export type ConsentInput = {
  memberId: string;
  /** What was acknowledged: `knowledge_test_risk_warning`, `investment_warning`, or another module's kind. */
  kind: string;
  textVersion: string;
  /** The exact text shown, in `language`: only its hash is kept. */
  text: string;
  language: Language;
  sessionId?: string | null;
  reference?: string | null;
  amountMinor?: number | null;
  currency?: Currency | null;
};

/**
 * Appends one acknowledgement to the consent log (issue 30), inside the caller's transaction so the consent and the
 * act it allows commit together. The table refuses updates and deletes (trigger, migration 0027). Other modules (the
 * key information document's acknowledgement) record through this function.
 */
export async function recordConsent(tx: Executor, input: ConsentInput) {
  const [row] = await recordConsents(tx, [input]);
  if (!row) throw new Error('consent not recorded');
  return row;
}

/** Appends several acknowledgements in one INSERT (a batch of purchases' investment warnings), in that order. */
export async function recordConsents(tx: Executor, inputs: readonly ConsentInput[]) {
  if (inputs.length === 0) return [];
  return tx
    .insert(investorConsents)
    .values(
      inputs.map((input) => ({
        userId: input.memberId,
        kind: input.kind,
        textVersion: input.textVersion,
        textHash: textHash(input.text),
        language: input.language,
        sessionId: input.sessionId ?? null,
        reference: input.reference ?? null,
        amountMinor: input.amountMinor ?? null,
        currency: input.currency ?? null,
      })),
    )
    .returning();
}

/** One member's consent log, newest first (the console's read view). */
export async function consentsOf(db: Executor, memberId: string) {
  const rows = await db
    .select()
    .from(investorConsents)
    .where(eq(investorConsents.userId, memberId))
    .orderBy(desc(investorConsents.createdAt), desc(investorConsents.id))
    .limit(1000);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    text_version: row.textVersion,
    text_hash: row.textHash,
    language: row.language,
    session_id: row.sessionId,
    reference: row.reference,
    amount_minor: row.amountMinor,
    currency: row.currency,
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * One member's whole consent log for the console: the warnings acknowledged here and the key information documents
 * acknowledged in their own module, newest first.
 */
export async function consentLogOf(db: Executor, memberId: string) {
  const entries = [...(await consentsOf(db, memberId)), ...(await acknowledgementsOf(db, memberId))];
  return entries.sort((a, b) => b.created_at.localeCompare(a.created_at));
}
