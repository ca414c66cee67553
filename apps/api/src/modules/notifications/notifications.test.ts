import { randomUUID } from 'node:crypto';
import {
  messages,
  NOTIFICATION_KINDS,
  NOTIFICATION_PAYLOADS,
  type NotificationKind,
  type TNotificationContent,
} from '@parcelle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  codeIn,
  createMember,
  createOperator,
  createPaintingForSale,
  fundWallet,
  giveBankAccount,
  lastMessageTo,
  userRow,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listOutbox } from '../../adapters/mail/outbox';
import { SANDBOX_CARD_OK } from '../../adapters/payments/sandbox-card';
import { memberNotifications, paintingDocuments, paintings, paintingValuations } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';
import { checkPriceAlerts, PRICE_ALERTS_JOB } from '../watchlist/alerts';
import { DELIVERY_JOBS } from './delivery-jobs';
import { notifyMember, notifyMembers } from './notify';

/**
 * Staying informed (issue 17): every kind is written in the app inside its event's transaction, its email follows
 * the commit in the member's language unless switched off, and a member reaches only their own notifications.
 */
let t: TestApp;
let operator: Awaited<ReturnType<typeof createOperator>>;
let releaser: Awaited<ReturnType<typeof createOperator>>;
let phone = 640000000;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  operator = await createOperator(t);
  releaser = await createOperator(t, 'finance');
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
});

async function member(lang: 'en' | 'fr' = 'en') {
  phone += 1;
  const created = await createMember(t, { verified: true, overrides: { number: String(phone), lang } });
  const id = (await userRow(t, created.email))?.id ?? '';
  return { ...created, id, phone: `+33${phone}` };
}

type Member = Awaited<ReturnType<typeof member>>;

const inbox = (m: Member, query = '') => t.call('GET', `/api/member/notifications${query}`, { token: m.accessToken });
const unread = async (m: Member) =>
  (await t.call('GET', '/api/member/notifications/unread', { token: m.accessToken })).json().data.unread as number;
/** The emails an address received, oldest first, once every pending delivery job ran. */
async function mailsTo(email: string) {
  await t.ctx.jobs.drain(DELIVERY_JOBS);
  return (await listOutbox(t.ctx.database.db, email, 100)).reverse();
}
async function notificationsOf(id: string, kind: NotificationKind) {
  return t.ctx.database.db
    .select()
    .from(memberNotifications)
    .where(and(eq(memberNotifications.userId, id), eq(memberNotifications.kind, kind)));
}
const setEmail = (m: Member, kind: NotificationKind, email: boolean) =>
  t.call('PUT', '/api/member/notification-preferences', {
    token: m.accessToken,
    body: { preferences: [{ kind, email }] },
  });

/** A payload for every kind, about `paintingId` where the kind names a work. */
function samplePayload(kind: NotificationKind, paintingId: string): TNotificationContent {
  const id = randomUUID();
  switch (kind) {
    case 'purchase_settled':
      return {
        kind,
        payload: {
          purchase_id: id,
          reference: 'P-1',
          painting_id: paintingId,
          quantity: 3,
          total_minor: 750,
          currency: 'EURO',
        },
      };
    case 'order_filled':
      return {
        kind,
        payload: {
          order_id: id,
          painting_id: paintingId,
          side: 'buy',
          quantity: 2,
          unit_price_minor: 31_050,
          currency: 'EURO',
        },
      };
    case 'bid_expired':
      return {
        kind,
        payload: { bid_id: id, painting_id: paintingId, quantity: 4, unit_price_minor: 12_000, currency: 'USD' },
      };
    case 'dividend_paid':
      return {
        kind,
        payload: { dividend_id: id, painting_id: paintingId, year: 2025, amount_minor: 123_456, currency: 'EURO' },
      };
    case 'withdrawal_approved':
      return { kind, payload: { withdrawal_id: id, reference: 'W-1', amount_minor: 2550, currency: 'EURO' } };
    case 'verification_decided':
      return { kind, payload: { decision: 'approved', reason_code: 'documents_verified', message: '' } };
    case 'vote_opened':
      return { kind, payload: { vote_id: id, painting_id: paintingId, closes_at: '2026-12-15T12:00:00.000Z' } };
    case 'watched_work_opened':
      return { kind, payload: { painting_id: paintingId, opens_at: null } };
    case 'price_alert_reached':
      return {
        kind,
        payload: {
          alert_id: id,
          painting_id: paintingId,
          direction: 'above',
          threshold_minor: 30_000,
          part_value_minor: 31_000,
          currency: 'EURO',
        },
      };
    case 'vote_closed':
      return { kind, payload: { vote_id: id, painting_id: paintingId, outcome: 'accepted' } };
    case 'exit_paid':
      return {
        kind,
        payload: { vote_id: id, painting_id: paintingId, parts: 1, amount_minor: 123_456, currency: 'EURO' },
      };
    case 'deposit_credited':
      return { kind, payload: { transfer_id: id, amount_minor: 25_000, currency: 'EURO' } };
    case 'top_up_credited':
      return { kind, payload: { top_up_id: id, method: 'card', amount_minor: 5_000, currency: 'EURO' } };
    case 'parts_sold':
      return {
        kind,
        payload: {
          purchase_id: id,
          painting_id: paintingId,
          parts: 3,
          amount_minor: 1_296,
          currency: 'USD',
          book_amount_minor: 1_200,
          book_currency: 'EURO',
        },
      };
  }
}

async function notify(m: Member, content: TNotificationContent) {
  return t.ctx.database.db.transaction((tx) => notifyMember(t.ctx, tx, m.id, content.kind, content.payload as never));
}

describe('notifyMember', () => {
  it('writes every kind in the app and emails it after commit, in English and in French', async () => {
    const painting = await createPaintingForSale(t);
    const en = await member('en');
    const fr = await member('fr');
    for (const kind of NOTIFICATION_KINDS) {
      await notify(en, samplePayload(kind, painting.id));
      await notify(fr, samplePayload(kind, painting.id));
    }
    const list = (await inbox(en, '?limit=20')).json().data;
    expect(list.total).toBe(NOTIFICATION_KINDS.length);
    expect(list.unread).toBe(NOTIFICATION_KINDS.length);
    // Newest first, each naming its work.
    expect(list.notifications[0].kind).toBe(NOTIFICATION_KINDS.at(-1));
    expect(list.notifications[0].work).toEqual({
      slug: painting.slug,
      title_en: painting.titleEn,
      title_fr: painting.titleFr,
    });

    const enMails = (await mailsTo(en.email)).slice(-NOTIFICATION_KINDS.length + 2);
    const frMails = (await mailsTo(fr.email)).slice(-NOTIFICATION_KINDS.length + 2);
    // purchase_settled's email is the purchase confirmation, parts_sold's the sellers' "Your parts were sold" (both
    // sent by the purchase-confirmation job): the others are emailed here.
    expect(enMails.map((mail) => mail.subject)).toEqual([
      `Order filled: “${painting.titleEn}”`,
      `Bid expired: “${painting.titleEn}”`,
      `Dividend paid: “${painting.titleEn}”`,
      'Withdrawal approved',
      'Bank transfer received',
      'Card top-up received',
      'Your identity is verified',
      `Vote opened: “${painting.titleEn}”`,
      `Opening: “${painting.titleEn}”`,
      `Price alert: “${painting.titleEn}”`,
      `Vote ended: the offer for “${painting.titleEn}” was accepted`,
      `Parts sold: “${painting.titleEn}”`,
    ]);
    // One part: singular in both languages (issue 31).
    expect(enMails[4]?.text).toContain('Your bank transfer of €250.00 has been credited to your Parcelle account.');
    expect(enMails[5]?.text).toContain('Your top-up of €50.00 by card has been credited to your Parcelle wallet.');
    expect(enMails[11]?.text).toContain(
      `and with it the 1 part you held. €1,234.56 (after the exit fee) has been credited`,
    );
    expect(enMails[0]?.text).toContain(`2 parts of “${painting.titleEn}” bought at €310.50 a part.`);
    expect(enMails[1]?.text).toContain('at $120.00 a part expired');
    expect(enMails[7]?.text).toContain('The vote closes on 15 Dec 2026.');
    expect(frMails.map((mail) => mail.subject)).toEqual([
      `Ordre exécuté\u00a0: «\u00a0${painting.titleFr}\u00a0»`,
      `Offre d’achat expirée\u00a0: «\u00a0${painting.titleFr}\u00a0»`,
      `Dividende versé\u00a0: «\u00a0${painting.titleFr}\u00a0»`,
      'Retrait approuvé',
      'Virement reçu',
      'Rechargement par carte reçu',
      'Votre identité est vérifiée',
      `Vote ouvert\u00a0: «\u00a0${painting.titleFr}\u00a0»`,
      `Ouverture\u00a0: «\u00a0${painting.titleFr}\u00a0»`,
      `Alerte de prix\u00a0: «\u00a0${painting.titleFr}\u00a0»`,
      `Fin du vote\u00a0: l’offre pour «\u00a0${painting.titleFr}\u00a0» est acceptée`,
      `Parts vendues\u00a0: «\u00a0${painting.titleFr}\u00a0»`,
    ]);
    expect(frMails[11]?.text).toContain('et avec elle 1 part que vous déteniez.');
    expect(frMails[4]?.text).toContain('Votre virement de 250,00\u00a0€ a été crédité sur votre compte Parcelle.');
    expect(frMails[5]?.text).toContain(
      'Votre rechargement de 50,00\u00a0€ par carte a été crédité sur votre porte-monnaie Parcelle.',
    );
    expect(frMails[2]?.text).toContain('Un dividende de 1\u202f234,56\u00a0€ pour 2025');
    expect(frMails[2]?.text).toContain('Bonjour');
  });

  it('writes nothing and sends nothing when the transaction rolls back', async () => {
    const m = await member();
    const before = (await mailsTo(m.email)).length;
    await expect(
      t.ctx.database.db.transaction(async (tx) => {
        await notifyMember(t.ctx, tx, m.id, 'withdrawal_approved', {
          withdrawal_id: randomUUID(),
          reference: 'W-2',
          amount_minor: 100,
          currency: 'EURO',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await unread(m)).toBe(0);
    expect((await mailsTo(m.email)).length).toBe(before);
  });

  it('refuses a payload that does not match its kind, inside the caller’s transaction', async () => {
    const m = await member();
    await expect(
      t.ctx.database.db.transaction((tx) =>
        notifyMember(t.ctx, tx, m.id, 'dividend_paid', { amount_minor: 1.5 } as never),
      ),
    ).rejects.toThrow();
    expect(await unread(m)).toBe(0);
  });

  it('keeps the notification in the app but sends no email when the member switched its email off', async () => {
    const painting = await createPaintingForSale(t);
    const m = await member();
    const saved = await setEmail(m, 'order_filled', false);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toEqual(messages.NotificationPreferencesSaved);
    expect(saved.json().data.preferences).toContainEqual({ kind: 'order_filled', email: false });
    expect(saved.json().data.preferences).toContainEqual({ kind: 'bid_expired', email: true });
    const before = (await mailsTo(m.email)).length;
    await notify(m, samplePayload('order_filled', painting.id));
    expect(await unread(m)).toBe(1);
    expect((await mailsTo(m.email)).length).toBe(before);
    await notify(m, samplePayload('bid_expired', painting.id));
    expect((await mailsTo(m.email)).length).toBe(before + 1);
  });
});

describe('notifyMembers (one event, many members)', () => {
  it('writes one notification each and emails only those who did not switch the kind off', async () => {
    const painting = await createPaintingForSale(t);
    const [a, b, c] = [await member('en'), await member('fr'), await member('en')];
    expect((await setEmail(b, 'vote_opened', false)).statusCode).toBe(200);
    const before = await Promise.all([a, b, c].map(async (m) => (await mailsTo(m.email)).length));
    const content = samplePayload('vote_opened', painting.id);
    await t.ctx.database.db.transaction((tx) =>
      notifyMembers(t.ctx, tx, [a.id, b.id, c.id, a.id], 'vote_opened', content.payload as never),
    );
    for (const m of [a, b, c]) expect(await notificationsOf(m.id, 'vote_opened')).toHaveLength(1);
    const after = await Promise.all([a, b, c].map(async (m) => (await mailsTo(m.email)).length));
    expect(after.map((count, index) => count - (before[index] ?? 0))).toEqual([1, 0, 1]);
  });
});

describe('the inbox routes', () => {
  it('pages newest first, counts unread, marks one and all read; only the member’s own', async () => {
    const painting = await createPaintingForSale(t);
    const a = await member();
    const b = await member();
    for (let i = 0; i < 3; i++) await notify(a, samplePayload('dividend_paid', painting.id));
    await notify(b, samplePayload('vote_opened', painting.id));

    const page = (await inbox(a, '?limit=2&offset=0')).json().data;
    expect(page.notifications).toHaveLength(2);
    expect(page.total).toBe(3);
    const rest = (await inbox(a, '?limit=2&offset=2')).json().data;
    expect(rest.notifications).toHaveLength(1);
    const ids = [...page.notifications, ...rest.notifications].map((n: { id: string }) => n.id);
    expect(new Set(ids).size).toBe(3);

    // B sees only their own and cannot mark A's.
    const seenByB = (await inbox(b)).json().data;
    expect(seenByB.total).toBe(1);
    expect(seenByB.notifications.map((n: { id: string }) => n.id)).not.toContain(ids[0]);
    const foreign = await t.call('POST', `/api/member/notifications/${ids[0]}/read`, { token: b.accessToken });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual(messages.NotificationNotFound);
    expect(await unread(a)).toBe(3);

    const one = await t.call('POST', `/api/member/notifications/${ids[0]}/read`, { token: a.accessToken });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual({ unread: 2 });
    expect((await inbox(a)).json().data.notifications[0]).toMatchObject({ id: ids[0], read: true });

    // B's "read all" leaves A's alone.
    await t.call('POST', '/api/member/notifications/read-all', { token: b.accessToken });
    expect(await unread(a)).toBe(2);
    expect(await unread(b)).toBe(0);
    const all = await t.call('POST', '/api/member/notifications/read-all', { token: a.accessToken });
    expect(all.json().data).toEqual({ unread: 0 });
  });

  it('needs a session, and answers bad input with 400 in both languages', async () => {
    expect((await t.call('GET', '/api/member/notifications')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/member/notifications/unread')).statusCode).toBe(401);
    const m = await member();
    const badId = await t.call('POST', '/api/member/notifications/not-a-uuid/read', { token: m.accessToken });
    expect(badId.statusCode).toBe(400);
    const badKind = await t.call('PUT', '/api/member/notification-preferences', {
      token: m.accessToken,
      body: { preferences: [{ kind: 'spam', email: false }] },
    });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().error).toEqual(messages.InvalidNotificationKind);
    const defaults = await t.call('GET', '/api/member/notification-preferences', { token: m.accessToken });
    expect(defaults.json().data.preferences).toEqual(NOTIFICATION_KINDS.map((kind) => ({ kind, email: true })));
  });
});

describe('what notifies today', () => {
  async function buyFromWallet(m: Member, paintingId: string) {
    await fundWallet(t, m.id, 'EURO', 10_000);
    await t.call('POST', '/api/paintings/purchase/code', { token: m.accessToken });
    const code = codeIn((await lastMessageTo(t, m.phone))?.text);
    return t.call('POST', '/api/paintings/purchase', {
      token: m.accessToken,
      body: {
        total_part: 2,
        payment_method: 'smart_amount',
        painting_id: paintingId,
        owner: 'A. B.',
        currency: 'EURO',
        verification_code: code,
      },
    });
  }

  it('a settled purchase: in the app, and its confirmation by email unless switched off', async () => {
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 1000 });
    const m = await member();
    const bought = await buyFromWallet(m, painting.id);
    expect(bought.statusCode).toBe(200);
    const [row] = await notificationsOf(m.id, 'purchase_settled');
    expect(row?.payload).toMatchObject({ painting_id: painting.id, quantity: 2, total_minor: 2000, currency: 'EURO' });
    const mails = await mailsTo(m.email);
    expect(mails.at(-1)?.subject).toBe(`Your parts purchase: ${painting.titleEn}`);

    const quiet = await member();
    await setEmail(quiet, 'purchase_settled', false);
    expect((await buyFromWallet(quiet, painting.id)).statusCode).toBe(200);
    expect(await notificationsOf(quiet.id, 'purchase_settled')).toHaveLength(1);
    expect((await mailsTo(quiet.email)).map((mail) => mail.subject)).not.toContain(
      `Your parts purchase: ${painting.titleEn}`,
    );
  });

  it('a card purchase settled by the provider: each buyer of the same work is told of their own', async () => {
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 1000 });
    for (const buyer of [await member('en'), await member('fr')]) {
      const reserved = await t.call('POST', '/api/paintings/purchase', {
        token: buyer.accessToken,
        body: { total_part: 9, payment_method: 'card', painting_id: painting.id, owner: 'J. D.', currency: 'EURO' },
      });
      expect(reserved.statusCode).toBe(200);
      expect(await notificationsOf(buyer.id, 'purchase_settled')).toHaveLength(0);
      const paid = await t.call('POST', '/api/payments/sandbox/card/confirm', {
        token: buyer.accessToken,
        body: { client_secret: reserved.json().data.payment_client_secret, card_number: SANDBOX_CARD_OK },
      });
      expect(paid.statusCode).toBe(200);
      const [row] = await notificationsOf(buyer.id, 'purchase_settled');
      // The hot path writes it in SQL: the same payload as its schema.
      expect(NOTIFICATION_PAYLOADS.purchase_settled.parse(row?.payload)).toMatchObject({
        painting_id: painting.id,
        quantity: 9,
        total_minor: 9000,
        currency: 'EURO',
      });
      expect(await unread(buyer)).toBe(1);
    }
  });

  it('a paid dividend: each holder is told their share', async () => {
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 1000 });
    const holder = await member('fr');
    expect((await buyFromWallet(holder, painting.id)).statusCode).toBe(200);
    const declared = await t.call('POST', '/api/admin/dividends', {
      token: operator.accessToken,
      body: { painting_id: painting.id, year: 2025, currency: 'EURO', total_amount_minor: 18_000 },
    });
    expect(declared.statusCode).toBe(200);
    const approved = await t.call('POST', `/api/admin/dividends/${declared.json().data.id}/approve`, {
      token: releaser.accessToken,
    });
    expect(approved.statusCode).toBe(200);
    const [row] = await notificationsOf(holder.id, 'dividend_paid');
    // The only holder of a partly sold work: their parts' share (issue 31: the unsold parts' share stays with Parcelle).
    const share = declared.json().data.holders[0].amount_minor;
    expect(share).toBe(18_000 - declared.json().data.retained_minor);
    expect(row?.payload).toMatchObject({
      painting_id: painting.id,
      year: 2025,
      amount_minor: share,
      currency: 'EURO',
    });
    expect((await mailsTo(holder.email)).at(-1)?.subject).toBe(
      `Dividende versé\u00a0: «\u00a0${painting.titleFr}\u00a0»`,
    );
  });

  it('an approved withdrawal', async () => {
    const m = await member();
    await fundWallet(t, m.id, 'EURO', 5000);
    await giveBankAccount(t, m.id, { iban: 'FR7630006000011234567890189' });
    await t.call('POST', '/api/member/withdrawal/code', { token: m.accessToken });
    const code = codeIn((await lastMessageTo(t, m.phone))?.text);
    const stored = await t.call('POST', '/api/member/withdrawal/store', {
      token: m.accessToken,
      body: { payment_method: 'bank', account: 'saved', amount: 12.5, verification_code: code },
    });
    expect(stored.statusCode).toBe(200);
    expect(await notificationsOf(m.id, 'withdrawal_approved')).toHaveLength(0);
    const approved = await t.call('POST', `/api/admin/withdrawals/${stored.json().data._id}/approve`, {
      token: operator.accessToken,
    });
    expect(approved.statusCode).toBe(200);
    const [row] = await notificationsOf(m.id, 'withdrawal_approved');
    expect(row?.payload).toMatchObject({ amount_minor: 1250, currency: 'EURO' });
    expect((await mailsTo(m.email)).at(-1)?.text).toContain('Your withdrawal of €12.50');
  });

  it('a watched work opening for purchase tells its watchers, not the others', async () => {
    const painting = await createPaintingForSale(t);
    const db = t.ctx.database.db;
    const operatorId = (await userRow(t, operator.email))?.id ?? '';
    await db
      .update(paintings)
      .set({ market: 1, certificateWordingEn: 'Wording', certificateWordingFr: 'Libellé' })
      .where(eq(paintings.id, painting.id));
    for (const kind of ['client_pdf', 'technical_file', 'auth_certif', 'property_title', 'notice'] as const) {
      for (const lang of ['en', 'fr'] as const) {
        await db.insert(paintingDocuments).values({ paintingId: painting.id, kind, lang, storageKey: `docs/${kind}` });
      }
    }
    await db.insert(paintingValuations).values({
      paintingId: painting.id,
      valuedOn: '2026-01-01',
      valueMinor: 9000,
      currency: 'EURO',
      appraiser: 'Test',
      methodEn: 'Test',
      methodFr: 'Test',
      createdBy: operatorId,
    });
    const watcher = await member();
    const other = await member();
    const watched = await t.call('PUT', `/api/member/watchlist/${painting.id}`, { token: watcher.accessToken });
    expect(watched.statusCode).toBe(200);
    const opened = await t.call('POST', `/api/admin/paintings/${painting.id}/market`, {
      token: operator.accessToken,
      body: { to: 'primary' },
    });
    expect(opened.statusCode).toBe(200);
    const [row] = await notificationsOf(watcher.id, 'watched_work_opened');
    expect(row?.payload).toEqual({ painting_id: painting.id, opens_at: null });
    expect(await notificationsOf(other.id, 'watched_work_opened')).toHaveLength(0);
    expect((await mailsTo(watcher.email)).at(-1)?.subject).toBe(`Opening: “${painting.titleEn}”`);
  });
});

describe('price alerts', () => {
  const valuation = (paintingId: string, valueMinor: number) =>
    t.call('POST', `/api/admin/paintings/${paintingId}/valuations`, {
      token: operator.accessToken,
      body: {
        valued_on: '2026-06-01',
        value_minor: valueMinor,
        currency: 'EURO',
        appraiser: 'A',
        method_en: 'M',
        method_fr: 'M',
      },
    });
  const check = () => t.ctx.jobs.drain([PRICE_ALERTS_JOB]);

  it('fires once when a valuation moves a part above the threshold, then stays triggered', async () => {
    // 18 parts at €2.50: a part is worth €2.50 until appraised.
    const painting = await createPaintingForSale(t);
    const m = await member();
    const refused = await t.call('PUT', `/api/member/watchlist/${painting.id}/alert`, {
      token: m.accessToken,
      body: { direction: 'above', threshold_minor: 200, currency: 'EURO' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual(messages.PriceAlertAlreadyReached);
    const set = await t.call('PUT', `/api/member/watchlist/${painting.id}/alert`, {
      token: m.accessToken,
      body: { direction: 'above', threshold_minor: 400, currency: 'EURO' },
    });
    expect(set.statusCode).toBe(200);
    const list = (await t.call('GET', '/api/member/watchlist', { token: m.accessToken })).json().data;
    expect(list.works[0]).toMatchObject({
      painting_id: painting.id,
      part_value_minor: { EURO: 250 },
      alert: { direction: 'above', threshold_minor: 400, currency: 'EURO', triggered_at: null },
    });

    expect((await valuation(painting.id, 18 * 300)).statusCode).toBe(200);
    await check();
    expect(await notificationsOf(m.id, 'price_alert_reached')).toHaveLength(0);
    expect((await valuation(painting.id, 18 * 450)).statusCode).toBe(200);
    await check();
    const [fired] = await notificationsOf(m.id, 'price_alert_reached');
    expect(fired?.payload).toMatchObject({ direction: 'above', threshold_minor: 400, part_value_minor: 450 });
    expect((await mailsTo(m.email)).at(-1)?.text).toContain('has risen above €4.00: it is now €4.50.');
    expect((await valuation(painting.id, 18 * 500)).statusCode).toBe(200);
    await check();
    await check();
    expect(await notificationsOf(m.id, 'price_alert_reached')).toHaveLength(1);
    const after = (await t.call('GET', '/api/member/watchlist', { token: m.accessToken })).json().data;
    expect(after.works[0].alert.triggered_at).not.toBeNull();
  });

  it('notifies once when two checks run at the same time', async () => {
    const painting = await createPaintingForSale(t);
    const m = await member();
    const set = await t.call('PUT', `/api/member/watchlist/${painting.id}/alert`, {
      token: m.accessToken,
      body: { direction: 'above', threshold_minor: 300, currency: 'EURO' },
    });
    expect(set.statusCode).toBe(200);
    await t.ctx.database.db.insert(paintingValuations).values({
      paintingId: painting.id,
      valuedOn: '2026-07-01',
      valueMinor: 18 * 400,
      currency: 'EURO',
      appraiser: 'A',
      methodEn: 'M',
      methodFr: 'M',
      createdBy: (await userRow(t, operator.email))?.id ?? '',
    });
    const fired = await Promise.all([checkPriceAlerts(t.ctx, painting.id), checkPriceAlerts(t.ctx, null)]);
    expect(fired[0] + fired[1]).toBe(1);
    expect(await notificationsOf(m.id, 'price_alert_reached')).toHaveLength(1);
  });

  it('fires on a rate change for an alert in dollars; a removed alert never fires', async () => {
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 1000 });
    const m = await member();
    const removed = await member();
    const rate = (value: string) =>
      t.call('PUT', `/api/admin/exchange-rates/${new Date().toISOString().slice(0, 10)}`, {
        token: operator.accessToken,
        body: { rate: value },
      });
    expect((await rate('1.2')).statusCode).toBe(200);
    await check();
    // €10.00 a part = $12.00; told when it falls to $11.00 or less.
    for (const who of [m, removed]) {
      const set = await t.call('PUT', `/api/member/watchlist/${painting.id}/alert`, {
        token: who.accessToken,
        body: { direction: 'below', threshold_minor: 1100, currency: 'USD' },
      });
      expect(set.statusCode).toBe(200);
    }
    const off = await t.call('DELETE', `/api/member/watchlist/${painting.id}/alert`, { token: removed.accessToken });
    expect(off.statusCode).toBe(200);
    expect(
      (await t.call('DELETE', `/api/member/watchlist/${painting.id}/alert`, { token: removed.accessToken })).statusCode,
    ).toBe(404);
    expect((await rate('1.05')).statusCode).toBe(200);
    await check();
    const [fired] = await notificationsOf(m.id, 'price_alert_reached');
    expect(fired?.payload).toMatchObject({ direction: 'below', part_value_minor: 1050, currency: 'USD' });
    expect(await notificationsOf(removed.id, 'price_alert_reached')).toHaveLength(0);
    expect((await rate('1.01')).statusCode).toBe(200);
    await check();
    expect(await notificationsOf(m.id, 'price_alert_reached')).toHaveLength(1);
  });

  it('watches and unwatches public works only; a member never sees another’s list', async () => {
    const painting = await createPaintingForSale(t);
    const a = await member();
    const b = await member();
    expect((await t.call('PUT', `/api/member/watchlist/${painting.id}`, { token: a.accessToken })).statusCode).toBe(
      200,
    );
    expect((await t.call('PUT', `/api/member/watchlist/${painting.id}`, { token: a.accessToken })).statusCode).toBe(
      200,
    );
    expect((await t.call('GET', '/api/member/watchlist', { token: b.accessToken })).json().data.works).toEqual([]);
    const draft = await createPaintingForSale(t);
    await t.ctx.database.db.update(paintings).set({ market: 0 }).where(eq(paintings.id, draft.id));
    const hidden = await t.call('PUT', `/api/member/watchlist/${draft.id}`, { token: a.accessToken });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toEqual(messages.PaintingNotFound);
    expect((await t.call('DELETE', `/api/member/watchlist/${painting.id}`, { token: a.accessToken })).statusCode).toBe(
      200,
    );
    expect((await t.call('GET', '/api/member/watchlist', { token: a.accessToken })).json().data.works).toEqual([]);
  });
});
