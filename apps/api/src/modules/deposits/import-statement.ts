import { createHash, randomUUID } from 'node:crypto';
import { type BankTransferReason, findDepositReference, mayMoveMoney } from '@parcelle/shared';
import type { ZBankStatementUpload } from '@parcelle/shared/contracts/deposits';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import type { Member } from '../../http/authenticate';
import { badRequest, conflict } from '../../http/errors';
import { audit } from '../admin/audit';
import { stateOfMember } from '../verification/state';
import { parseCamt053, type StatementEntry, StatementInvalid } from './camt053';
import { creditTransfer } from './credit-deposit';
import { memberOfReference } from './references';
import { bankStatementImports, bankTransfers } from './schema';

type TUpload = z.output<typeof ZBankStatementUpload>;

/** The ledger reference of a deposit (its finance row's reference): DEP- and 12 characters of a fresh id. */
export const depositReference = (id: string) => `DEP-${id.replace(/-/g, '').slice(0, 12).toUpperCase()}`;

/**
 * Who a credit entry is for, or why it waits: its reference must be found (with good check digits) in its remittance
 * information and be a member's, its currency the euro, the entry one transfer (not a batch), and the member's
 * identity verified (issue 29's gate: no money enters before). The member a reference names is kept even when the
 * entry waits, so the queue can show them.
 */
export async function matchEntry(
  db: Executor,
  entry: Pick<StatementEntry, 'remittance' | 'currencyCode' | 'transactions'>,
): Promise<{ userId: string | null; reason: BankTransferReason | null }> {
  if (entry.transactions > 1) return { userId: null, reason: 'batch' };
  const found = findDepositReference(entry.remittance);
  if (found.kind === 'none') return { userId: null, reason: 'no_reference' };
  if (found.kind === 'invalid') return { userId: null, reason: 'invalid_reference' };
  const userId = await memberOfReference(db, found.reference);
  if (!userId) return { userId: null, reason: 'unknown_reference' };
  if (entry.currencyCode !== 'EUR') return { userId, reason: 'currency' };
  if (!mayMoveMoney(await stateOfMember(db, userId))) return { userId, reason: 'not_verified' };
  return { userId, reason: null };
}

/**
 * POST /admin/deposits/statements (issue 31): imports the bank's camt.053 statement of Parcelle's deposit account, in
 * one transaction. Each booked credit is recorded once per (statement id, entry reference) — `ON CONFLICT DO NOTHING`
 * on that unique index, so importing the same file again, or two imports at once, records and credits nothing twice
 * (the second waits on the first's uncommitted index entry, then finds it) — and is either credited to its member
 * through the ledger, or left in the queue with its reason. Debits and entries not booked are not deposits: skipped.
 * 400 BankStatementInvalid for a file that is not a statement, 400 BankStatementWrongAccount for another account's,
 * 409 DepositsDisabled when deposits by transfer are off. Audited with what it did.
 */
export async function importStatement(ctx: AppContext, operator: Member, upload: TUpload) {
  if (!ctx.config.deposits.bankTransfer) throw conflict('DepositsDisabled');
  let statements: ReturnType<typeof parseCamt053>;
  try {
    statements = parseCamt053(upload.content);
  } catch (error) {
    if (error instanceof StatementInvalid) throw badRequest('BankStatementInvalid', 'content');
    throw error;
  }
  const iban = ctx.config.deposits.account.iban;
  if (statements.some((statement) => statement.iban !== iban)) throw badRequest('BankStatementWrongAccount', 'content');
  const fileSha256 = createHash('sha256').update(upload.content).digest('hex');
  return inTransaction(ctx.database.db, async (tx) => {
    const counts = { credits: 0, credited: 0, queued: 0, duplicates: 0, skipped: 0, credited_minor: 0 };
    const [row] = await tx
      .insert(bankStatementImports)
      .values({ accountIban: iban, fileName: upload.file_name, fileSha256, importedBy: operator.id })
      .returning({ id: bankStatementImports.id });
    if (!row) throw new Error('statement import not recorded');
    for (const statement of statements) {
      for (const entry of statement.entries) {
        if (entry.creditDebit !== 'CRDT' || !entry.booked) {
          counts.skipped++;
          continue;
        }
        counts.credits++;
        const match = await matchEntry(tx, entry);
        const id = randomUUID();
        const [recorded] = await tx
          .insert(bankTransfers)
          .values({
            id,
            importId: row.id,
            statementId: statement.id,
            entryReference: entry.entryReference,
            bookedOn: entry.bookedOn,
            amountText: entry.amountText,
            currencyCode: entry.currencyCode,
            amountMinor: entry.amountMinor,
            remittance: entry.remittance,
            debtorName: entry.debtorName,
            debtorIban: entry.debtorIban,
            userId: match.userId,
            reason: match.reason,
            reference: depositReference(id),
          })
          .onConflictDoNothing({ target: [bankTransfers.statementId, bankTransfers.entryReference] })
          .returning({ id: bankTransfers.id, reference: bankTransfers.reference });
        if (!recorded) {
          counts.duplicates++;
          continue;
        }
        if (match.reason !== null || match.userId === null || entry.amountMinor === null) {
          counts.queued++;
          continue;
        }
        await creditTransfer(
          ctx,
          tx,
          { id: recorded.id, reference: recorded.reference, amountMinor: entry.amountMinor },
          { action: 'credit', userId: match.userId, resolvedBy: operator.id, note: '' },
        );
        counts.credited++;
        counts.credited_minor += entry.amountMinor;
      }
    }
    const statementIds = statements.map((statement) => statement.id);
    await audit(tx, {
      actorId: operator.id,
      action: 'deposits.import',
      targetType: 'bank_statement_import',
      targetId: row.id,
      details: { file_name: upload.file_name, file_sha256: fileSha256, statement_ids: statementIds, ...counts },
    });
    return { import_id: row.id, statement_ids: statementIds, account_iban: iban, ...counts };
  });
}
