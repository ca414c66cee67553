import { VerificationState } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users, verifications } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { declarationOf, documentData, documentsOf } from './case-data';
import { RETENTION_YEARS } from './retention';
import { historyOf } from './review-queue';

/**
 * GET /user/verification/export (issue 29, GDPR art. 15): everything Parcelle holds about the member's verification —
 * the declared data, the risk rating and its rules' version, the list of documents (with their fingerprints; the files
 * themselves are the member's own), and the history without the staff's identities.
 */
export async function exportVerification(ctx: AppContext, member: Pick<Member, 'id'>) {
  const db = ctx.database.db;
  const [person] = await db
    .select({
      id: users.id,
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(users.id, member.id));
  if (!person) throw new Error('member not found');
  const [row] = await db.select().from(verifications).where(eq(verifications.userId, member.id));
  const documents = row ? await documentsOf(db, row.id) : [];
  const history = row ? await historyOf(db, row.id) : [];
  const ended = [person.disabledAt, row?.closedAt].filter((date): date is Date => date instanceof Date);
  const endedAt = ended.length > 0 ? new Date(Math.min(...ended.map((date) => date.getTime()))) : null;
  const deleteAfter = endedAt ? new Date(endedAt) : null;
  deleteAfter?.setUTCFullYear(deleteAfter.getUTCFullYear() + RETENTION_YEARS);
  const { disabledAt: _disabledAt, ...identity } = person;
  return {
    generated_at: new Date().toISOString(),
    member: identity,
    state: row?.state ?? VerificationState.NotStarted,
    declaration: declarationOf(row),
    risk_assessment:
      row?.riskLevel && row.riskRuleVersion
        ? { level: row.riskLevel, rule_version: row.riskRuleVersion, reasons: row.riskReasons ?? [] }
        : null,
    documents: documents.map((document) => ({
      ...documentData(document),
      sha256: document.sha256,
      replaced_at: document.replacedAt?.toISOString() ?? null,
    })),
    history: history.map(({ actor_id: _id, actor_email: _email, ...event }) => event),
    retention: {
      rule: `Kept ${RETENTION_YEARS} years after the business relationship ends (Code monétaire et financier L.561-12), then deleted.`,
      delete_after: deleteAfter?.toISOString() ?? null,
    },
  };
}
