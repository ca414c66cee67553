import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { preparedPerDatabase, preparedSql } from '../../db/prepared';
import { idempotencyKeys } from '../../db/schema';
import { arraysOf, selectFromArrays } from '../../db/unnest';
import { AppError, badRequest, conflict, failureBody, hasStep } from '../../http/errors';

const KEY = /^[A-Za-z0-9_-]{8,100}$/;

export type Answer = { status: number; body: unknown };

/**
 * What a keyed request's work does with its key, inside the transaction that commits the work (decision: soak).
 * `claim` comes first in that transaction: a second request with the same key waits on it until the first commits or
 * rolls back. `record` writes, in the same transaction, the purchase the work created and its answer when the answer
 * is already known (a wallet payment). A process killed before the commit leaves the key free, as if never sent; one
 * killed after it leaves the key tied to the purchase, and a retry resolves it from what actually happened.
 */
export type KeyClaim = {
  /** The row a claim inserts (null: a request sent without a key); a batch of purchases claims its keys together. */
  row: KeyRowClaim | null;
  /** Told that the claim was inserted in the work's transaction (`claimKeys`). */
  claimed(): void;
  claim(tx: Executor): Promise<void>;
  record(tx: Executor, outcome: { purchaseId?: string; answer?: Answer }): Promise<void>;
};

type KeyRowClaim = { userId: string; key: string; route: string; requestHash: string };

/** The work of a request sent without a key: nothing to claim. */
export const NO_KEY: KeyClaim = { row: null, claimed: () => {}, claim: async () => {}, record: async () => {} };

/** The key was claimed by another request with the same key that committed first: its answer is replayed. */
export class KeyTaken extends Error {}

/**
 * Claims the keys of several requests in one INSERT (a batch of purchases, reserve-purchase.ts), first in their
 * transaction: answers, per claim, whether it was inserted. A key another transaction holds uncommitted makes the
 * statement wait for it, as one claim does; the same key twice in one batch is claimed by the first only.
 */
export async function claimKeys(tx: Executor, claims: readonly KeyClaim[]): Promise<boolean[]> {
  const rows = claims.map((claim) => claim.row).filter((row): row is KeyRowClaim => row !== null);
  if (rows.length === 0) return claims.map(() => true);
  const inserted = await claimStatement(tx).execute(arraysOf(idempotencyKeys, CLAIM_KEYS, rows));
  const won = new Set(inserted.map((row) => `${row.userId}\n${row.key}`));
  return claims.map((claim) => {
    if (!claim.row) return true;
    const id = `${claim.row.userId}\n${claim.row.key}`;
    if (!won.delete(id)) return false; // taken elsewhere, or by an earlier request of the batch
    claim.claimed();
    return true;
  });
}

/** Ties each claimed key to the purchase its request created, in one UPDATE (the batch's transaction). */
export async function recordKeyPurchases(
  tx: Executor,
  made: readonly { claim: KeyClaim; purchaseId: string }[],
): Promise<void> {
  const keyed = made.flatMap(({ claim, purchaseId }) => (claim.row ? [{ ...claim.row, purchaseId }] : []));
  if (keyed.length === 0) return;
  await recordPurchasesStatement(tx, {
    userIds: keyed.map((row) => row.userId),
    keys: keyed.map((row) => row.key),
    purchaseIds: keyed.map((row) => row.purchaseId),
  });
}

/**
 * Removes the claims of refused requests of a batch whose transaction commits (the others' purchases): a refusal
 * claims nothing, as when it rolled its own transaction back; `withIdempotency` stores its answer after.
 */
export async function dropKeyClaims(tx: Executor, claims: readonly KeyClaim[]): Promise<void> {
  const rows = claims.flatMap((claim) => (claim.row ? [claim.row] : []));
  if (rows.length === 0) return;
  await dropClaimsStatement(tx, { userIds: rows.map((row) => row.userId), keys: rows.map((row) => row.key) });
}

/*
 * The keys' statements, each the same text for one key as for a batch's (arrays, decision 521): prepared (decision
 * 545). A key is a member's: `userId` and `key` find its row.
 */
const CLAIM_KEYS = ['userId', 'key', 'route', 'requestHash'] as const;
const claimStatement = preparedPerDatabase((db) =>
  db
    .insert(idempotencyKeys)
    .select(selectFromArrays(idempotencyKeys, CLAIM_KEYS))
    .onConflictDoNothing()
    .returning({ userId: idempotencyKeys.userId, key: idempotencyKeys.key })
    .prepare('idempotency_claim'),
);
const recordPurchasesStatement = preparedSql(
  'idempotency_record_purchases',
  sql`UPDATE idempotency_keys k SET purchase_id = v.purchase_id
    FROM unnest(${sql.placeholder('userIds')}::uuid[], ${sql.placeholder('keys')}::text[],
      ${sql.placeholder('purchaseIds')}::uuid[]) AS v(user_id, key, purchase_id)
    WHERE k.user_id = v.user_id AND k.key = v.key`,
);
const dropClaimsStatement = preparedSql(
  'idempotency_drop_claims',
  sql`DELETE FROM idempotency_keys WHERE status_code IS NULL
    AND (user_id, key) IN (SELECT * FROM unnest(${sql.placeholder('userIds')}::uuid[],
      ${sql.placeholder('keys')}::text[]))`,
);
const ofKey = and(
  eq(idempotencyKeys.userId, sql.placeholder('userId')),
  eq(idempotencyKeys.key, sql.placeholder('key')),
);
const unansweredKey = and(ofKey, isNull(idempotencyKeys.statusCode));
const readStatement = preparedPerDatabase((db) =>
  db.select().from(idempotencyKeys).where(ofKey).prepare('idempotency_read'),
);
/** An answer stored on a claimed key unless another request answered it first. */
const storeStatement = preparedPerDatabase((db) =>
  db
    .update(idempotencyKeys)
    // The body's placeholder goes through the jsonb column's encoder, as in `.values`; the status's is wrapped in
    // `sql` only because `set` types a placeholder as its column's value.
    .set({ statusCode: sql`${sql.placeholder('statusCode')}`, responseBody: sql.placeholder('responseBody') })
    .where(unansweredKey)
    .returning({ userId: idempotencyKeys.userId })
    .prepare('idempotency_store'),
);
/** A refusal's answer as the key's claim (nothing was claimed in a transaction). */
const answerStatement = preparedPerDatabase((db) =>
  db
    .insert(idempotencyKeys)
    .values({
      userId: sql.placeholder('userId'),
      key: sql.placeholder('key'),
      route: sql.placeholder('route'),
      requestHash: sql.placeholder('requestHash'),
      statusCode: sql.placeholder('statusCode'),
      responseBody: sql.placeholder('responseBody'),
    })
    .onConflictDoNothing()
    .returning({ userId: idempotencyKeys.userId })
    .prepare('idempotency_answer'),
);
const freeStatement = preparedPerDatabase((db) =>
  db.delete(idempotencyKeys).where(unansweredKey).prepare('idempotency_free'),
);

type KeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * Runs a state-changing money call at most once per member and Idempotency-Key: the first answer (success or
 * refusal) is stored and replayed to retries; the same key with another body is refused (422). Without the header
 * the call simply runs. A server failure (5xx) frees the key, so the client may retry it.
 *
 * The key commits with the work (`KeyClaim`), never on its own: a claim can no longer outlive a crashed process and
 * answer 409 for ever. A key whose work committed but whose answer is missing (the process died between the commit
 * and the answer, or a provider call is still running) is answered by `resume` from the purchase it created.
 */
export async function withIdempotency(
  ctx: AppContext,
  params: { userId: string; key: string | undefined; route: string; body: unknown },
  run: (key: KeyClaim) => Promise<Answer>,
  resume?: (purchaseId: string) => Promise<Answer>,
): Promise<Answer> {
  if (params.key === undefined) return run(NO_KEY);
  if (!KEY.test(params.key)) throw badRequest('IdempotencyKeyInvalid');
  const db = ctx.database.db;
  const { userId, key, route } = params;
  const requestHash = createHash('sha256')
    .update(`${route}\n${JSON.stringify(params.body ?? null)}`)
    .digest('hex');
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  const existingAnswer = async (row: KeyRow): Promise<Answer> => {
    if (row.requestHash !== requestHash) throw new AppError(422, 'IdempotencyKeyReused');
    if (row.statusCode !== null) return { status: row.statusCode, body: row.responseBody };
    if (!row.purchaseId || !resume) throw conflict('RequestInProgress');
    return store(await resume(row.purchaseId));
  };
  const read = async () => (await readStatement(db).execute({ userId, key }))[0];
  /** Stores an answer on a claimed key unless another request answered it first (then that answer wins). */
  const store = async (answer: Answer): Promise<Answer> => {
    const [stored] = await storeStatement(db).execute({
      userId,
      key,
      statusCode: answer.status,
      responseBody: answer.body,
    });
    if (stored) return answer;
    const row = await read();
    return row ? existingAnswer(row) : answer;
  };

  for (let round = 0; round < 3; round++) {
    const existing = await read();
    if (existing) return existingAnswer(existing);
    let claimed = false;
    const claim: KeyClaim = {
      row: { userId, key, route, requestHash },
      claimed: () => {
        claimed = true;
      },
      claim: async (tx) => {
        const [won] = await claimKeys(tx, [claim]);
        if (!won) throw new KeyTaken();
      },
      record: async (tx, outcome) => {
        await tx
          .update(idempotencyKeys)
          .set({
            ...(outcome.purchaseId ? { purchaseId: outcome.purchaseId } : {}),
            ...(outcome.answer ? { statusCode: outcome.answer.status, responseBody: outcome.answer.body } : {}),
          })
          .where(where);
      },
    };
    let answer: Answer;
    try {
      answer = await run(claim);
    } catch (error) {
      if (error instanceof KeyTaken) continue;
      if (!(error instanceof AppError) || error.status >= 500) {
        // Only a claim left without an answer is removed: one another request answered stays.
        await freeStatement(db).execute({ userId, key });
        throw error;
      }
      const body = failureBody(error.status, error.text ?? error.key, error.field);
      // A gate's refusal keeps the step that resolves it (issue 29), here as in the error handler.
      answer = { status: error.status, body: hasStep(error) ? { ...body, step: error.step, page: error.page } : body };
      claimed = false; // a refusal rolled its transaction back, claim included
    }
    if (claimed) return store(answer);
    // Refused before (or with) its transaction, or a call whose work claims nothing: the answer is the claim.
    const [inserted] = await answerStatement(db).execute({
      userId,
      key,
      route,
      requestHash,
      statusCode: answer.status,
      responseBody: answer.body,
    });
    if (inserted) return answer;
    const row = await read();
    if (row) return existingAnswer(row);
  }
  throw conflict('RequestInProgress');
}
