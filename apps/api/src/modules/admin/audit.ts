import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Writes one operator action to the append-only audit log, inside the action's own transaction. */
export async function audit(
  tx: Executor,
  entry: { actorId: string; action: string; targetType: string; targetId: string; details?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}
