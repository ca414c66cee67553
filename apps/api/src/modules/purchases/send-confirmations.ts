import { randomUUID } from 'node:crypto';
import { formatMoney } from '@parcelle/shared/money';
import { soldAmount } from '@parcelle/shared/notification-texts';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { eq, sql } from 'drizzle-orm';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { QueuedEmail } from '../../adapters/mail/mailer';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { certificates, paintings, purchases, users } from '../../db/schema';
import { verifyUrlOf } from '../certificates/service';
import { MARKET } from '../market/state';
import { messageIdOf, PURCHASE_CONFIRMATION_JOB } from '../notifications/delivery-jobs';
import { partsSoldEmail, purchaseConfirmationEmail } from '../notifications/emails';
import { emailWantedColumn, type PartsSoldNotice, partsSoldPayload, partsSoldToEmail } from '../notifications/notify';
import { formatReflectionEnd, reflectionAppliesColumn, reflectionEndsAt } from './reflection';
import { revocationUrl } from './revocation-link';

/**
 * What a purchase-confirmation job carries: the purchases one settlement settled (a batch of card or PayPal payments,
 * or a wallet purchase). A job enqueued before decision 498 carries one purchase (`purchaseId`) and is read as a batch
 * of one.
 */
export type ConfirmationJob = { purchaseIds: readonly string[] } | { purchaseId: string };

export function purchasesOfJob(job: ConfirmationJob): readonly string[] {
  return 'purchaseIds' in job ? job.purchaseIds : [job.purchaseId];
}

/** A purchase with what its confirmation needs of its buyer, work, certificate, preference and reflection period. */
type ConfirmationRow = Awaited<ReturnType<typeof readConfirmations>>[number];

/**
 * The confirmation job (reservation-job.ts, decision 498): each settled purchase's email to its buyer, and on the
 * secondary market each seller's "parts sold", for a whole settlement in a fixed handful of statements whatever its
 * size: (1) the purchases with their buyers, works, certificates, the buyers' preferences and whether their reflection
 * period applies, in one read; (2) the sellers' notices of the secondary purchases in one (none without any); (3) every
 * message written in memory; (4) all of them enqueued in one INSERT.
 *
 * Each message's id is derived from what it is about (`messageIdOf`): a retried job enqueues again only what is not
 * already queued, so no email goes out twice. A purchase whose message cannot be written (its data broken) does not
 * hold the others back: theirs are enqueued, then the job fails, and its retries try again for that purchase alone
 * (the others' messages already queued), up to the queue's limit.
 */
export async function sendConfirmations(ctx: AppContext, purchaseIds: readonly string[]): Promise<void> {
  if (purchaseIds.length === 0) return;
  // 1. One read; a purchase or buyer gone has nothing to send.
  const rows = await readConfirmations(ctx, purchaseIds);
  // 2. The sellers' notices of the secondary purchases.
  const secondary = rows.filter((row) => row.purchase.market === MARKET.secondary).map((row) => row.purchase.id);
  const sellers = await partsSoldToEmail(ctx.database.db, secondary);
  // 3. Each purchase's messages, in memory.
  const messages: QueuedEmail[] = [];
  let broken = 0;
  for (const row of rows) {
    try {
      messages.push(...messagesOf(ctx, row, sellers.get(row.purchase.id) ?? []));
    } catch {
      broken++;
    }
  }
  // 4. One INSERT; a message already queued by an earlier attempt is left as it is.
  await ctx.mailer.sendEmails(messages);
  // The count only: the job's error is logged and kept, and must name no one.
  if (broken > 0) throw new Error(`${broken} of ${rows.length} purchase confirmations could not be written; retried`);
}

function readConfirmations(ctx: AppContext, purchaseIds: readonly string[]) {
  return confirmationsRead(ctx.database.db).execute({ ids: [...purchaseIds] });
}

/**
 * The job's read, one array of purchases whatever the batch's size: prepared (decision 544), where the `IN` list of
 * one parameter per purchase was a new text, built with its joins and columns, for each batch.
 */
const confirmationsRead = preparedPerDatabase((db) =>
  db
    .select({
      purchase: purchases,
      email: users.email,
      firstName: users.firstName,
      titleEn: paintings.titleEn,
      titleFr: paintings.titleFr,
      certificateNumber: certificates.number,
      emailWanted: emailWantedColumn(purchases.userId, 'purchase_settled'),
      reflectionApplies: reflectionAppliesColumn(purchases.userId, purchases.settledAt),
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .innerJoin(paintings, eq(paintings.id, purchases.paintingId))
    .leftJoin(certificates, eq(certificates.purchaseId, purchases.id))
    .where(sql`${purchases.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('purchases_confirmations_read'),
);

/**
 * One purchase's messages: the buyer's confirmation (the email of their "purchase settled" notification, unless they
 * turned it off) and its sellers' notices. Throws when its data cannot make them (no certificate, a notice's payload
 * that does not hold), so that only this purchase waits for the retry.
 */
function messagesOf(ctx: AppContext, row: ConfirmationRow, sellers: readonly PartsSoldNotice[]): QueuedEmail[] {
  const { purchase } = row;
  const messages: QueuedEmail[] = [];
  if (row.emailWanted) {
    if (!row.certificateNumber) throw new Error('a settled purchase without its certificate');
    const lang = purchase.language;
    messages.push({
      id: messageIdOf(`purchase-confirmation/${purchase.id}`),
      email: {
        to: row.email,
        ...purchaseConfirmationEmail(lang, {
          firstName: row.firstName,
          reference: purchase.reference,
          paintingTitle: lang === 'fr' ? row.titleFr : row.titleEn,
          parts: formatPartsQuantity(purchase.quantity, lang),
          total: formatMoney(purchase.totalMinor, purchase.currency, lang),
          holder: purchase.ownerName,
          certificateNumber: row.certificateNumber,
          verifyUrl: verifyUrlOf(ctx.config.publicUrl, row.certificateNumber),
          ...revocationOffer(ctx, row),
        }),
      },
    });
  }
  const title = { en: row.titleEn, fr: row.titleFr };
  for (const notice of sellers) messages.push(partsSoldMessage(notice, title));
  return messages;
}

/**
 * Issue 30: a primary purchase in its reflection period gets, in its confirmation, the end of the period (Paris time,
 * the last minute it can be revoked) and the signed link to revoke it (revocation-link.ts).
 */
function revocationOffer(ctx: AppContext, row: ConfirmationRow): { revocation?: { until: string; url: string } } {
  const { purchase } = row;
  if (purchase.market !== MARKET.primary || purchase.status !== 'paid' || !purchase.settledAt) return {};
  if (!row.reflectionApplies) return {};
  const endsAt = reflectionEndsAt(purchase.settledAt);
  if (Date.now() >= endsAt.getTime()) return {};
  const link = { purchaseId: purchase.id, userId: purchase.userId, expires: Math.floor(endsAt.getTime() / 1000) };
  return {
    revocation: {
      until: formatReflectionEnd(endsAt, purchase.language),
      url: revocationUrl(ctx.config.publicUrl, ctx.config.serverSecret, link),
    },
  };
}

/**
 * A seller's email for a "parts sold" notice written with the settlement (settle.ts). Issue 31, one currency per
 * screen: the amount as their wallet received it (in its currency, the ledger's figure), the book's euros the parts
 * were listed at beside it, as the notice says it (`soldAmount`); sent when the seller's preference for the kind
 * allowed it when the notice was written.
 */
function partsSoldMessage(notice: PartsSoldNotice, title: { en: string; fr: string }): QueuedEmail {
  const sold = partsSoldPayload(notice);
  return {
    id: messageIdOf(`parts-sold/${notice.id}`),
    email: {
      to: notice.email,
      ...partsSoldEmail(notice.language, {
        firstName: notice.firstName,
        paintingTitle: title[notice.language],
        parts: formatPartsQuantity(sold.parts, notice.language),
        amount: soldAmount(sold, notice.language),
      }),
    },
  };
}

/**
 * Enqueues the confirmation of the purchases a settlement settled, inside its transaction (decisions 470, 488, 498):
 * one job for all of them, existing exactly when the settlement commits and never when it rolls back.
 */
export async function enqueueConfirmations(
  tx: Executor,
  jobs: JobQueue,
  purchaseIds: readonly string[],
): Promise<void> {
  if (purchaseIds.length === 0) return;
  await jobs.sendIn<ConfirmationJob>(tx, PURCHASE_CONFIRMATION_JOB, { purchaseIds }, { id: randomUUID() });
}
