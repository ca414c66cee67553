import { toMajor } from '@parcelle/shared/money';
import { ibanChecksumValid } from '@parcelle/shared/validation/iban';
import { sepaName } from '@parcelle/shared/validation/sepa-name';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import SEPA from 'sepa';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/retry';
import { withdrawals } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError } from '../../http/errors';
import { decryptSecret } from '../account/secrets';
import { IBAN_PURPOSE } from '../account/service';
import { audit } from '../admin/audit';
import { randomHex } from '../references/references';

/** The pain.001 version banks accept most widely (SEPA credit transfer initiation, 2009 rulebook). */
export const SEPA_FORMAT = 'pain.001.001.03';

/**
 * The released bank payouts in euros not yet exported, as one SEPA credit-transfer file (pain.001.001.03) for the
 * bank, debiting the platform's account (SEPA_DEBTOR_*). In one transaction the rows are locked, put in the file and
 * marked exported with the file's message id, and the export is audited: a second export never repeats them, and
 * two exports at once share nothing. 409 when the debtor is not configured or nothing waits. PayPal payouts and USD
 * ones are not SEPA transfers: they are paid by their own channel and never appear here.
 */
export async function exportSepaPayouts(
  ctx: AppContext,
  operator: Member,
  now = new Date(),
): Promise<{ messageId: string; xml: string; count: number; skipped: string[] }> {
  const debtor = ctx.config.sepaDebtor;
  if (!debtor) throw new AppError(409, 'SepaDebtorNotConfigured');
  return inTransaction(ctx.database.db, async (tx) => {
    const rows = await tx
      .select()
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.status, 'APPROVED'),
          isNotNull(withdrawals.releasedAt),
          isNull(withdrawals.exportedAt),
          eq(withdrawals.paymentMethod, 'bank'),
          eq(withdrawals.currency, 'EURO'),
          isNotNull(withdrawals.creditorIbanEncrypted),
        ),
      )
      .orderBy(asc(withdrawals.releasedAt), asc(withdrawals.id))
      .for('update', { skipLocked: true });
    if (rows.length === 0) throw new AppError(409, 'SepaNothingToExport');

    // Max 35 characters, unique per file: the bank refuses a message id it has seen.
    const messageId = `PARCELLE-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${randomHex(6)}`;
    const document = new SEPA.Document(SEPA_FORMAT);
    document.grpHdr.id = messageId;
    document.grpHdr.created = now;
    document.grpHdr.initiatorName = debtor.name;
    const info = document.createPaymentInfo();
    info.requestedExecutionDate = now;
    info.debtorName = debtor.name;
    info.debtorIBAN = debtor.iban;
    info.debtorBIC = debtor.bic;
    document.addPaymentInfo(info);
    // A row the bank would refuse (no usable name, an IBAN that fails its checksum) is skipped and reported, not
    // exported: it stays released and waits for the next file, and the others are paid (issue 26).
    const exported: typeof rows = [];
    const skipped: string[] = [];
    for (const row of rows) {
      const creditorName = sepaName(row.creditorName ?? row.account);
      const creditorIBAN = decryptSecret(
        ctx.config.serverSecret,
        IBAN_PURPOSE,
        row.creditorIbanEncrypted ?? '',
        row.userId,
      );
      if (creditorName === '' || !ibanChecksumValid(creditorIBAN)) {
        skipped.push(row.reference);
        continue;
      }
      exported.push(row);
      const transfer = info.createTransaction();
      transfer.creditorName = creditorName;
      transfer.creditorIBAN = creditorIBAN;
      transfer.currency = 'EUR';
      transfer.amount = toMajor(row.amountMinor);
      transfer.end2endId = row.reference;
      transfer.remittanceInfo = `Parcelle ${row.reference}`;
      info.addTransaction(transfer);
    }
    if (exported.length === 0) throw new AppError(409, 'SepaNothingToExport');
    const xml = document.toString();

    const ids = exported.map((row) => row.id);
    await tx.update(withdrawals).set({ exportedAt: now, exportId: messageId }).where(inArray(withdrawals.id, ids));
    await audit(tx, {
      actorId: operator.id,
      action: 'withdrawal.export_sepa',
      targetType: 'sepa_file',
      targetId: messageId,
      // The references and amounts only: the IBANs are in the file, never in the log.
      details: {
        format: SEPA_FORMAT,
        count: exported.length,
        total_minor: exported.reduce((sum, row) => sum + row.amountMinor, 0),
        references: exported.map((row) => row.reference),
        skipped,
      },
      before: { exported: false },
      after: { exported: true, export_id: messageId },
    });
    return { messageId, xml, count: exported.length, skipped };
  });
}
