import {
  VERIFICATION_ACTORS,
  VERIFICATION_STATES,
  VERIFICATION_TRANSITIONS,
  VerificationState,
} from '@parcelle/shared';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { verificationEvents, verifications } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type Actor, lockCaseOfMember, transition } from './state';

/**
 * Issue 29, on PostgreSQL: random sequences of attempted moves, by any actor, applied through `transition` to a real case.
 * Whatever the sequence, the stored history never reaches approved without an in_review before it, every refused move
 * writes nothing, and the row's state is always the last event's.
 */
let t: TestApp;
let memberId = '';
let operatorId = '';
beforeAll(async () => {
  t = await createTestApp();
  operatorId = (await userRow(t, (await createOperator(t, 'compliance')).email))?.id ?? '';
});
afterAll(() => t.close());

/**
 * An attempted move: any state by any actor, a try at approved straight away, or (`pick`) one of the moves the table
 * allows from wherever the case stands — so that runs also walk the long paths to approval and beyond.
 */
type Attempt = { to: VerificationState; by: (typeof VERIFICATION_ACTORS)[number] } | { pick: number };
const attempt: fc.Arbitrary<Attempt> = fc.oneof(
  fc.record({ to: fc.constantFrom(...VERIFICATION_STATES), by: fc.constantFrom(...VERIFICATION_ACTORS) }),
  fc.record({ to: fc.constant(VerificationState.Approved), by: fc.constantFrom(...VERIFICATION_ACTORS) }),
  fc.record({ pick: fc.nat() }),
  fc.record({ pick: fc.nat() }),
);

/** The move an attempt makes from `from` (a `pick` among the table's moves from there, or the attempt itself). */
function resolve(from: VerificationState, tried: Attempt) {
  if (!('pick' in tried)) return tried;
  const options = VERIFICATION_TRANSITIONS.filter((step) => step.from === from);
  const step = options[tried.pick % Math.max(1, options.length)];
  if (!step) return { to: from, by: 'member' as const };
  return { to: step.to, by: step.by[tried.pick % step.by.length] ?? 'member' };
}

function actorFor(by: (typeof VERIFICATION_ACTORS)[number]): Actor {
  if (by === 'system') return { kind: 'system' };
  return { kind: by, id: by === 'member' ? memberId : operatorId };
}

describe('transitions stored in the database', () => {
  it('never store approved without in_review before it; refused moves write nothing', async () => {
    let reachedApproved = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(attempt, { minLength: 1, maxLength: 40 }), async (attempts) => {
        const created = await createMember(t, { approved: false });
        memberId = (await userRow(t, created.email))?.id ?? '';
        const db = t.ctx.database.db;
        for (const tried of attempts) {
          try {
            await db.transaction(async (tx) => {
              const locked = await lockCaseOfMember(tx, memberId);
              const { to, by } = resolve(locked.state, tried);
              await transition(tx, locked, { to, actor: actorFor(by), reason: 'seeded' });
            });
          } catch (error) {
            if (!(error instanceof AppError) || error.status !== 409) throw error;
          }
        }
        const [row] = await db.select().from(verifications).where(eq(verifications.userId, memberId));
        // No move accepted: the case's creation rolled back with the refused move, nothing stored.
        if (!row) return;
        const events = await db
          .select()
          .from(verificationEvents)
          .where(eq(verificationEvents.verificationId, row.id))
          .orderBy(asc(verificationEvents.seq));
        const path = [VerificationState.NotStarted, ...events.map((event) => event.toState)];
        const approvedAt = path.indexOf(VerificationState.Approved);
        if (approvedAt >= 0) {
          reachedApproved += 1;
          expect(path.slice(0, approvedAt)).toContain(VerificationState.InReview);
        }
        // Each event starts where the previous one ended, and the row holds the last.
        expect(events.map((event) => event.fromState)).toEqual(path.slice(0, -1));
        expect(row.state).toBe(path.at(-1));
      }),
      { numRuns: 25, seed: 29 },
    );
    // The runs did walk the whole way: the property was tested on paths that reach approval.
    expect(reachedApproved).toBeGreaterThan(0);
  });
});
