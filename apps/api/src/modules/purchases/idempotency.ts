import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { idempotencyKeys } from '../../db/schema';
import { AppError, badRequest, conflict, failureBody } from '../../http/errors';

const KEY = /^[A-Za-z0-9_-]{8,100}$/;

export type Answer = { status: number; body: unknown };

/**
 * Runs a state-changing money call at most once per member and Idempotency-Key: the first answer (success or
 * refusal) is stored and replayed to retries; the same key with another body is refused (422); a retry while
 * the first is still running gets 409. Without the header the call simply runs. A server failure (5xx) frees
 * the key, so the client may retry it.
 */
export async function withIdempotency(
  ctx: AppContext,
  params: { userId: string; key: string | undefined; route: string; body: unknown },
  run: () => Promise<Answer>,
): Promise<Answer> {
  if (params.key === undefined) return run();
  if (!KEY.test(params.key)) throw badRequest('IdempotencyKeyInvalid');
  const db = ctx.database.db;
  const requestHash = createHash('sha256')
    .update(`${params.route}\n${JSON.stringify(params.body ?? null)}`)
    .digest('hex');
  const where = and(eq(idempotencyKeys.userId, params.userId), eq(idempotencyKeys.key, params.key));
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId: params.userId, key: params.key, route: params.route, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    const [existing] = await db.select().from(idempotencyKeys).where(where);
    if (!existing || existing.requestHash !== requestHash) throw new AppError(422, 'IdempotencyKeyReused');
    if (existing.statusCode === null) throw conflict('RequestInProgress');
    return { status: existing.statusCode, body: existing.responseBody };
  }
  let answer: Answer;
  try {
    answer = await run();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      answer = { status: error.status, body: failureBody(error.status, error.text ?? error.key, error.field) };
    } else {
      await db.delete(idempotencyKeys).where(where);
      throw error;
    }
  }
  await db.update(idempotencyKeys).set({ statusCode: answer.status, responseBody: answer.body }).where(where);
  return answer;
}
