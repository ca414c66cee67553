import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
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
  claim(tx: Executor): Promise<void>;
  record(tx: Executor, outcome: { purchaseId?: string; answer?: Answer }): Promise<void>;
};

/** The work of a request sent without a key: nothing to claim. */
export const NO_KEY: KeyClaim = { claim: async () => {}, record: async () => {} };

/** The key was claimed by another request with the same key that committed first: its answer is replayed. */
class KeyTaken extends Error {}

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
  const unanswered = and(where, isNull(idempotencyKeys.statusCode));

  const existingAnswer = async (row: KeyRow): Promise<Answer> => {
    if (row.requestHash !== requestHash) throw new AppError(422, 'IdempotencyKeyReused');
    if (row.statusCode !== null) return { status: row.statusCode, body: row.responseBody };
    if (!row.purchaseId || !resume) throw conflict('RequestInProgress');
    return store(await resume(row.purchaseId));
  };
  const read = async () => (await db.select().from(idempotencyKeys).where(where))[0];
  /** Stores an answer on a claimed key unless another request answered it first (then that answer wins). */
  const store = async (answer: Answer): Promise<Answer> => {
    const [stored] = await db
      .update(idempotencyKeys)
      .set({ statusCode: answer.status, responseBody: answer.body })
      .where(unanswered)
      .returning();
    if (stored) return answer;
    const row = await read();
    return row ? existingAnswer(row) : answer;
  };

  for (let round = 0; round < 3; round++) {
    const existing = await read();
    if (existing) return existingAnswer(existing);
    let claimed = false;
    const claim: KeyClaim = {
      claim: async (tx) => {
        const rows = await tx
          .insert(idempotencyKeys)
          .values({ userId, key, route, requestHash })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (rows.length === 0) throw new KeyTaken();
        claimed = true;
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
        await db.delete(idempotencyKeys).where(unanswered);
        throw error;
      }
      const body = failureBody(error.status, error.text ?? error.key, error.field);
      // A gate's refusal keeps the step that resolves it (issue 29), here as in the error handler.
      answer = { status: error.status, body: hasStep(error) ? { ...body, step: error.step, page: error.page } : body };
      claimed = false; // a refusal rolled its transaction back, claim included
    }
    if (claimed) return store(answer);
    // Refused before (or with) its transaction, or a call whose work claims nothing: the answer is the claim.
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestHash, statusCode: answer.status, responseBody: answer.body })
      .onConflictDoNothing()
      .returning();
    if (inserted) return answer;
    const row = await read();
    if (row) return existingAnswer(row);
  }
  throw conflict('RequestInProgress');
}
