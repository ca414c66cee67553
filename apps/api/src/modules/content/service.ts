import type { ContentType, Currency, Language, TContactMessage, TContentBlock } from '@parcelle/shared';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { contactMessages, contentPages, galleries, newsletterSubscribers, siteSettings } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { newOpaqueToken, sha256 } from '../auth/tokens';
import { listPaintings, marketStatistics } from '../catalogue/service';
import { contactOperatorEmail, newsletterConfirmEmail, newsletterWelcomeEmail } from '../notifications/emails';
import { coOwnerCounts } from '../parts/register';

const EMPTY_SOCIAL = { youtube: '', linkedin: '', instagram: '', facebook: '', twitter: '' };
const EMPTY_WEEX = { structure: '', controle: '', security: '', coverage: '', coverage_en: '' };

/** GET /content/footer: document links (full URLs), social links and the exchange's registration number. */
export async function footer(db: Executor, baseUrl: string) {
  const rows = await db.select().from(siteSettings);
  const setting = (key: string) => rows.find((row) => row.key === key)?.value;
  const weex = { ...EMPTY_WEEX, ...((setting('weex_docs') as Record<string, string> | undefined) ?? {}) };
  return {
    base_url: baseUrl,
    weexDocs: Object.fromEntries(
      Object.entries(weex).map(([name, key]) => [name, key ? `${baseUrl}${key}` : '']),
    ) as typeof EMPTY_WEEX,
    siteSettings: {
      social_media_links: {
        ...EMPTY_SOCIAL,
        ...((setting('social_media_links') as typeof EMPTY_SOCIAL | undefined) ?? {}),
      },
      registration_number: String(setting('registration_number') ?? ''),
    },
  };
}

/** GET /content/home. Boxes count co-owners (members holding parts) and the distinct countries they live in. */
export async function home(db: Executor, currency: Currency, baseUrl: string) {
  const [coOwners, featured, statistics] = await Promise.all([
    coOwnerCounts(db),
    listPaintings(db, { type: 'primary', limit: 6, offset: 0, currency }),
    marketStatistics(db, currency),
  ]);
  return {
    base_url: baseUrl,
    boxes: { countries: coOwners.countries, individuals: coOwners.investors },
    featured: featured.paintings,
    statistics,
  };
}

/** GET /content/?type=…: one editorial page in both languages. */
export async function contentPage(db: Executor, type: ContentType) {
  const [page] = await db.select().from(contentPages).where(eq(contentPages.type, type));
  if (!page) throw notFound('ContentNotFound');
  return {
    type,
    title: { en: page.titleEn, fr: page.titleFr },
    body: { en: page.bodyEn as TContentBlock[], fr: page.bodyFr as TContentBlock[] },
    updated_at: page.updatedAt.toISOString(),
  };
}

/** GET /content/galleries: by position, paginated by the database. */
export async function listGalleries(db: Executor, query: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(galleries)
      .orderBy(asc(galleries.position), asc(galleries.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(galleries),
  ]);
  return {
    galleries: rows.map((row) => ({
      _id: row.id,
      title: { en: row.titleEn, fr: row.titleFr },
      image: row.imageKey,
      position: row.position,
    })),
    total: Number(total?.total ?? 0),
  };
}

type ContactInput = { [K in keyof TContactMessage]: string };

/** POST /contact/: stored, then emailed to the operators' address. */
export async function sendContactMessage(ctx: AppContext, input: ContactInput) {
  await ctx.database.db.insert(contactMessages).values({
    email: input.email,
    firstName: input.first_name.trim(),
    lastName: input.last_name.trim(),
    phone: input.phone.trim(),
    object: input.object.trim(),
    message: input.message,
  });
  try {
    await ctx.mailer.sendEmail({
      to: ctx.config.operatorsEmail,
      ...contactOperatorEmail({
        firstName: input.first_name.trim(),
        lastName: input.last_name.trim(),
        email: input.email,
        phone: input.phone.trim(),
        object: input.object.trim(),
        message: input.message,
      }),
    });
  } catch {
    // The message is stored; the operators will still see it. The visitor is told it was not sent.
    throw new AppError(502, 'MessageSentError');
  }
}

/**
 * POST /newsletter/subscribe: double opt-in. A confirmation link is emailed unless the address is already
 * an active subscriber; the answer is the same either way, so it reveals nothing about subscribers.
 */
export async function subscribe(ctx: AppContext, email: string, lang: Language) {
  const db = ctx.database.db;
  const [existing] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  if (existing?.confirmedAt && !existing.unsubscribedAt) return;
  const token = newOpaqueToken();
  if (existing) {
    await db
      .update(newsletterSubscribers)
      .set({ lang, confirmTokenHash: sha256(token), confirmedAt: null })
      .where(eq(newsletterSubscribers.id, existing.id));
  } else {
    await db
      .insert(newsletterSubscribers)
      .values({ email, lang, confirmTokenHash: sha256(token), unsubscribeTokenHash: sha256(newOpaqueToken()) })
      .onConflictDoUpdate({ target: newsletterSubscribers.email, set: { lang, confirmTokenHash: sha256(token) } });
  }
  // The web page /newsletter/confirm calls GET /api/newsletter/confirm once and shows the outcome.
  const link = `${ctx.config.publicUrl}/newsletter/confirm?token=${token}`;
  await ctx.mailer.sendEmail({ to: email, ...newsletterConfirmEmail(lang, { link }) });
}

/** GET /newsletter/confirm?token=…: confirms once, then emails the unsubscribe link. */
export async function confirmSubscription(ctx: AppContext, token: string) {
  const db = ctx.database.db;
  const unsubscribeToken = newOpaqueToken();
  const [row] = await db
    .update(newsletterSubscribers)
    .set({
      confirmedAt: new Date(),
      unsubscribedAt: null,
      confirmTokenHash: null,
      unsubscribeTokenHash: sha256(unsubscribeToken),
    })
    .where(eq(newsletterSubscribers.confirmTokenHash, sha256(token)))
    .returning({ email: newsletterSubscribers.email, lang: newsletterSubscribers.lang });
  if (!row) throw badRequest('NewsletterTokenInvalid');
  await ctx.mailer.sendEmail({
    to: row.email,
    ...newsletterWelcomeEmail(row.lang, {
      token: unsubscribeToken,
      unsubscribeLink: `${ctx.config.publicUrl}/newsletter/unsubscribe?token=${unsubscribeToken}`,
    }),
  });
}

/** POST /newsletter/unsubscribe {token}: the token from the welcome email. */
export async function unsubscribe(ctx: AppContext, token: string) {
  const [row] = await ctx.database.db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: new Date() })
    .where(
      and(eq(newsletterSubscribers.unsubscribeTokenHash, sha256(token)), isNull(newsletterSubscribers.unsubscribedAt)),
    )
    .returning({ id: newsletterSubscribers.id });
  if (!row) throw badRequest('NewsletterTokenInvalid');
}
