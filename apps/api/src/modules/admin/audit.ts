import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  actorId: string;
  /** `<object>.<verb>`, e.g. `painting.update`, `withdrawal.approve`. */
  action: string;
  targetType: string;
  targetId: string;
  details?: Record<string, unknown>;
  /** The object's values before the action (omit when it created something). */
  before?: unknown;
  /** The object's values after the action (omit when it deleted or only read something). */
  after?: unknown;
}

/**
 * Writes one operator action to the append-only audit log, inside the action's own transaction, so an action and
 * its entry commit or fail together. Values are stored as given: callers pass what an auditor needs to see, never
 * secrets (password hashes, IBANs, TOTP secrets).
 */
export async function audit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? {},
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
