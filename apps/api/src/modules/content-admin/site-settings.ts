import {
  FOOTER_DOCUMENTS,
  type FooterDocument,
  SOCIAL_NETWORKS,
  type TAdminSiteSettings,
  type TSiteSettingsRequest,
} from '@parcelle/shared';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { siteSettings } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { audit } from '../admin/audit';
import { readFilePart, storePdf } from '../catalogue-admin/uploads';

/** The site_settings keys the footer reads (content/service.ts `footer`). */
const KEYS = ['social_media_links', 'registration_number', 'weex_docs'] as const;
const FOLDER = 'documents/footer';

function settingsOf(rows: { key: string; value: unknown }[]): TAdminSiteSettings {
  const value = (key: (typeof KEYS)[number]) => rows.find((row) => row.key === key)?.value;
  const social = (value('social_media_links') ?? {}) as Record<string, unknown>;
  const documents = (value('weex_docs') ?? {}) as Record<string, unknown>;
  const text = (item: unknown) => (typeof item === 'string' ? item : '');
  return {
    social_media_links: Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [network, text(social[network])]),
    ) as TAdminSiteSettings['social_media_links'],
    registration_number: text(value('registration_number')),
    documents: Object.fromEntries(
      FOOTER_DOCUMENTS.map((name) => [name, text(documents[name]) || null]),
    ) as TAdminSiteSettings['documents'],
  };
}

export async function readSiteSettings(db: Executor): Promise<TAdminSiteSettings> {
  return settingsOf(
    await db
      .select()
      .from(siteSettings)
      .where(inArray(siteSettings.key, [...KEYS])),
  );
}

async function put(tx: Executor, key: (typeof KEYS)[number], value: unknown) {
  await putSiteSetting(tx, key, value);
}

/**
 * Saves one site setting, in the caller's transaction (the owner's one write of `site_settings`): the footer's
 * settings here and the secondary market's bounds (secondary/market-settings.ts), each checked and audited by its
 * caller.
 */
export async function putSiteSetting(tx: Executor, key: string, value: unknown): Promise<void> {
  await tx
    .insert(siteSettings)
    .values({ key, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
}

async function lockedSettings(tx: Executor) {
  return settingsOf(
    await tx
      .select()
      .from(siteSettings)
      .where(inArray(siteSettings.key, [...KEYS]))
      .for('update'),
  );
}

/** PATCH /admin/site-settings: social links (all five at once) and/or the registration number, audited together. */
export async function updateSiteSettings(db: Executor, actor: Member, input: TSiteSettingsRequest) {
  await db.transaction(async (tx) => {
    const before = await lockedSettings(tx);
    if (input.social_media_links) await put(tx, 'social_media_links', input.social_media_links);
    if (input.registration_number !== undefined) await put(tx, 'registration_number', input.registration_number);
    await audit(tx, {
      actorId: actor.id,
      action: 'site_settings.update',
      targetType: 'site_settings',
      targetId: 'footer',
      before: { social_media_links: before.social_media_links, registration_number: before.registration_number },
      after: {
        social_media_links: input.social_media_links ?? before.social_media_links,
        registration_number: input.registration_number ?? before.registration_number,
      },
    });
  });
  return readSiteSettings(db);
}

/**
 * PUT /admin/site-settings/documents/:name (multipart `file`): a footer PDF, checked as work documents are. The
 * previous file is removed once the change is committed, when this console stored it (seeded files may be shared).
 */
export async function setFooterDocument(
  ctx: AppContext,
  actor: Member,
  name: FooterDocument,
  request: Parameters<typeof readFilePart>[0],
) {
  const db = ctx.database.db;
  const bytes = await readFilePart(request, 'file', { required: 'DocumentRequired', tooLarge: 'DocumentTooLarge' });
  const key = await storePdf(ctx, bytes, FOLDER);
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(siteSettings).where(eq(siteSettings.key, 'weex_docs')).for('update');
      const documents = { ...((row?.value ?? {}) as Record<string, string>) };
      const old = documents[name] ?? null;
      documents[name] = key;
      await put(tx, 'weex_docs', documents);
      await audit(tx, {
        actorId: actor.id,
        action: 'site_settings.document',
        targetType: 'site_settings',
        targetId: 'footer',
        details: { document: name },
        before: { [name]: old },
        after: { [name]: key },
      });
      return old;
    });
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
  if (previous?.startsWith(`${FOLDER}/`)) await ctx.storage.delete(previous);
  return readSiteSettings(db);
}
