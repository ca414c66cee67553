import { randomUUID } from 'node:crypto';
import { formatMoney, type Language } from '@parcelle/shared';
import { pluralRules } from '@parcelle/shared/intl';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { QueueSpec } from '../../adapters/jobs/job-queue';
import type { AppContext } from '../../context';
import { annualStatementNotices, partEntries, users } from '../../db/schema';
import { Rates } from '../fx/rates';
import { EMAIL_JOB } from '../notifications/delivery-jobs';
import { hello } from '../notifications/email-layout';
import { layout, type Rendered } from '../notifications/emails';
import { annualReport } from './annual-statement';

/**
 * Sending the annual statement to each investor once a year (issue 30): from 15 January, a periodic job finds every
 * member who held parts at the end of the past year and has not been sent that year's statement, and, per member in
 * one transaction, records the notice (unique per member and year: a second run, or a second process, sends nothing
 * twice) and enqueues the email in their language with the statement's figures and where to download it (the
 * portfolio page renders it on demand from the register, so the file always says what the register said).
 */
export const ANNUAL_DISPATCH_JOB = 'annual-statement-dispatch';
/** The day of January from which the past year's statements are sent. */
export const ANNUAL_SEND_FROM_DAY = 15;
/** How often each process asks for a dispatch (one runs per window across the cluster). */
const DISPATCH_WINDOW_SECONDS = 6 * 60 * 60;
const DISPATCH: QueueSpec = {
  retryLimit: 2,
  retryDelaySeconds: 300,
  backoff: true,
  expireInSeconds: 1800,
  policy: 'singleton',
};

/** Whether `n` takes the singular in `lang` (French: 0 and 1; English: 1), by the CLDR rules. */
const one = (lang: Language, n: number) => pluralRules(lang).select(n) === 'one';

export function annualStatementEmail(
  lang: Language,
  p: { firstName: string; year: number; works: number; total: string; link: string },
): Rendered {
  return lang === 'fr'
    ? layout(
        lang,
        `Votre relevé annuel ${p.year}`,
        [
          hello(lang, p.firstName),
          `Votre relevé annuel des avoirs ${p.year} est disponible. Au 31 décembre ${p.year}, vous déteniez des parts de ${p.works} ${one('fr', p.works) ? 'œuvre' : 'œuvres'}, d’une valeur de ${p.total} selon leurs dernières évaluations.`,
          'Téléchargez-le (PDF ou CSV) depuis votre portefeuille.',
          { button: 'Ouvrir mon portefeuille', url: p.link },
          {
            note: 'Les valeurs passées ne préjugent pas des valeurs futures\u00a0; vous pouvez perdre la totalité du capital investi.',
          },
        ],
        'purchase',
      )
    : layout(
        lang,
        `Your annual statement ${p.year}`,
        [
          hello(lang, p.firstName),
          `Your annual statement of holdings for ${p.year} is ready. On 31 December ${p.year}, you held parts of ${p.works} ${one('en', p.works) ? 'work' : 'works'}, valued at ${p.total} by their latest appraisals.`,
          'Download it (PDF or CSV) from your portfolio.',
          { button: 'Open my portfolio', url: p.link },
          { note: 'Past values do not predict future ones; you may lose all the capital invested.' },
        ],
        'purchase',
      );
}

/** The year whose statements are due at `now` (the past one, from 15 January), else null. */
export function dueYear(now: Date): number | null {
  const year = now.getUTCFullYear();
  return now.getTime() >= Date.UTC(year, 0, ANNUAL_SEND_FROM_DAY) ? year - 1 : null;
}

/** Sends the due year's statements not sent yet; answers how many were sent. */
export async function dispatchAnnualStatements(ctx: AppContext, now = new Date()): Promise<number> {
  const year = dueYear(now);
  if (year === null) return 0;
  const db = ctx.database.db;
  const end = new Date(Date.UTC(year + 1, 0, 1));
  // Everyone with a register entry before the year's end (own or through a listing), enabled, not told yet.
  const candidates = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .leftJoin(
      annualStatementNotices,
      and(eq(annualStatementNotices.userId, users.id), eq(annualStatementNotices.year, year)),
    )
    .where(
      and(
        isNull(users.disabledAt),
        isNull(annualStatementNotices.id),
        sql`EXISTS (SELECT 1 FROM ${partEntries} e LEFT JOIN listings l ON l.id = e.listing_id
          WHERE (e.user_id = ${users.id} OR l.seller_id = ${users.id}) AND e.created_at < ${end.toISOString()})`,
      ),
    );
  const rates = await Rates.load(db);
  let sent = 0;
  for (const { id } of candidates) {
    const [member] = await db.select().from(users).where(eq(users.id, id));
    if (!member) continue;
    const report = await annualReport(db, member.id, year, member.currency, rates, now);
    if (report.lines.length === 0) continue;
    const done = await db.transaction(async (tx) => {
      const [notice] = await tx
        .insert(annualStatementNotices)
        .values({
          userId: member.id,
          year,
          language: member.language,
          currency: member.currency,
          works: report.lines.length,
          totalValueMinor: report.totalMinor,
          sentAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: annualStatementNotices.id });
      if (!notice) return false;
      const email = annualStatementEmail(member.language, {
        firstName: member.firstName,
        year,
        works: report.lines.length,
        total: formatMoney(report.totalMinor, member.currency, member.language),
        link: `${ctx.config.publicUrl}/user/portfolio`,
      });
      await ctx.jobs.sendIn(tx, EMAIL_JOB, { email: { to: member.email, ...email } }, { id: randomUUID() });
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}

export function defineAnnualStatementJobs(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.define(ANNUAL_DISPATCH_JOB, DISPATCH, async () => {
    const sent = await dispatchAnnualStatements(ctx);
    if (sent > 0) log.info({ sent }, 'annual statements sent');
  });
}

/** Every process with workers asks for one dispatch a window; the queue creates one a window across the cluster. */
export function startAnnualStatements(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const tick = () =>
    ctx.jobs
      .sendOncePer(ANNUAL_DISPATCH_JOB, DISPATCH_WINDOW_SECONDS)
      .catch((error) => log.error({ err: error, job: ANNUAL_DISPATCH_JOB }, 'scheduling a periodic job failed'));
  void tick();
  const timer = setInterval(() => void tick(), (DISPATCH_WINDOW_SECONDS / 3) * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
