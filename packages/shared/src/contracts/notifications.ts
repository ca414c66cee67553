import '../zod-config';
import { z } from 'zod';
import { CURRENCIES } from '../constants';
import { VERIFICATION_DOCUMENT_KINDS } from '../verification';
import { ZLimit, ZOffset } from './catalogue';

/**
 * Staying informed (issue 17): what a member is told about, in the app (the bell) and by email. Every kind is shown in
 * the app; its email can be switched off per kind. Payloads carry ids and integer minor units only: the texts are
 * written from them in the reader's language when shown or sent (notification-texts.ts).
 */
export const NOTIFICATION_KINDS = [
  'purchase_settled',
  'order_filled',
  'bid_expired',
  'dividend_paid',
  'withdrawal_approved',
  'deposit_credited',
  'top_up_credited',
  'parts_sold',
  'verification_decided',
  'vote_opened',
  'watched_work_opened',
  'price_alert_reached',
  'vote_closed',
  'exit_paid',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS, { error: 'InvalidNotificationKind' });

/** Page size of the notification list. */
export const NOTIFICATIONS_PAGE_SIZE = 10;

const ZMinor = z.number().int().nonnegative();
const ZId = z.uuid();
const ZPayloadCurrency = z.enum(CURRENCIES);

/** Which side of a threshold a price alert waits for. */
export const PRICE_ALERT_DIRECTIONS = ['above', 'below'] as const;
export type PriceAlertDirection = (typeof PRICE_ALERT_DIRECTIONS)[number];

/** What each kind carries, checked when it is written. */
export const NOTIFICATION_PAYLOADS = {
  purchase_settled: z.strictObject({
    purchase_id: ZId,
    reference: z.string(),
    painting_id: ZId,
    quantity: z.number().int().positive(),
    total_minor: ZMinor,
    currency: ZPayloadCurrency,
  }),
  order_filled: z.strictObject({
    order_id: ZId,
    painting_id: ZId,
    side: z.enum(['buy', 'sell']),
    quantity: z.number().int().positive(),
    unit_price_minor: ZMinor,
    currency: ZPayloadCurrency,
    /** Issue 31: the price in the member's own currency at the day's rate, when it is not the book's (euros). */
    display_unit_price_minor: ZMinor.optional(),
    display_currency: ZPayloadCurrency.optional(),
  }),
  bid_expired: z.strictObject({
    bid_id: ZId,
    painting_id: ZId,
    quantity: z.number().int().positive(),
    unit_price_minor: ZMinor,
    currency: ZPayloadCurrency,
    /** Issue 31: as an order filled, the bid's price in the member's own currency at the day's rate. */
    display_unit_price_minor: ZMinor.optional(),
    display_currency: ZPayloadCurrency.optional(),
  }),
  dividend_paid: z.strictObject({
    dividend_id: ZId,
    painting_id: ZId,
    year: z.number().int(),
    amount_minor: ZMinor,
    currency: ZPayloadCurrency,
  }),
  withdrawal_approved: z.strictObject({
    withdrawal_id: ZId,
    reference: z.string(),
    amount_minor: ZMinor,
    currency: ZPayloadCurrency,
  }),
  vote_opened: z.strictObject({
    vote_id: ZId,
    painting_id: ZId,
    /** ISO 8601 instant the vote closes. */
    closes_at: z.iso.datetime({ offset: true }),
  }),
  watched_work_opened: z.strictObject({
    painting_id: ZId,
    /** When purchases open (a scheduled opening), or null: open now. */
    opens_at: z.iso.datetime({ offset: true }).nullable(),
  }),
  price_alert_reached: z.strictObject({
    alert_id: ZId,
    painting_id: ZId,
    direction: z.enum(PRICE_ALERT_DIRECTIONS),
    threshold_minor: ZMinor,
    part_value_minor: ZMinor,
    currency: ZPayloadCurrency,
  }),
  /** A decision on the member's identity verification (issue 29), with the operator's words in the member's language. */
  verification_decided: z.strictObject({
    decision: z.enum(['approved', 'rejected', 'resubmission_requested', 'suspended', 'closed']),
    reason_code: z.string(),
    message: z.string(),
    /** A request for new documents: the kinds to send again (decision 411); absent for other decisions. */
    document_kinds: z.array(z.enum(VERIFICATION_DOCUMENT_KINDS)).optional(),
  }),
  /** An exit vote ended (issue 31): the offer was accepted (the work is sold) or rejected. Told to every voter. */
  vote_closed: z.strictObject({
    vote_id: ZId,
    painting_id: ZId,
    outcome: z.enum(['accepted', 'rejected']),
  }),
  /** An accepted exit paid the holder (issue 31): their parts sold, the proceeds (net of their fee share) credited. */
  exit_paid: z.strictObject({
    vote_id: ZId,
    painting_id: ZId,
    parts: z.number().int().positive(),
    amount_minor: ZMinor,
    currency: ZPayloadCurrency,
  }),
  /** A bank transfer was credited to the member's wallet (issue 31), at import or by an operator from the queue. */
  deposit_credited: z.strictObject({
    transfer_id: ZId,
    amount_minor: ZMinor,
    currency: ZPayloadCurrency,
  }),
  /** A top-up by card or PayPal was confirmed by the provider and credited to the wallet (issue 31). */
  top_up_credited: z.strictObject({
    top_up_id: ZId,
    method: z.enum(['card', 'paypal']),
    amount_minor: ZMinor,
    currency: ZPayloadCurrency,
  }),
  /**
   * Parts the member listed were bought by card, PayPal or wallet (issue 31): what their wallet received, in its
   * currency (`amount_minor`, `currency`), and the book's euros the parts were listed at (`book_amount_minor`).
   */
  parts_sold: z.strictObject({
    purchase_id: ZId,
    painting_id: ZId,
    parts: z.number().int().positive(),
    amount_minor: ZMinor,
    currency: ZPayloadCurrency,
    book_amount_minor: ZMinor,
    book_currency: ZPayloadCurrency,
  }),
} as const satisfies Record<NotificationKind, z.ZodType>;

export type NotificationPayload<K extends NotificationKind> = z.infer<(typeof NOTIFICATION_PAYLOADS)[K]>;
/** A kind with its payload, as one value (what the texts and the list read). */
export type TNotificationContent = {
  [K in NotificationKind]: { kind: K; payload: NotificationPayload<K> };
}[NotificationKind];

const content = <K extends NotificationKind>(kind: K) =>
  z.object({ kind: z.literal(kind), payload: NOTIFICATION_PAYLOADS[kind] });
const ZContent = z.discriminatedUnion('kind', [
  content('purchase_settled'),
  content('order_filled'),
  content('bid_expired'),
  content('dividend_paid'),
  content('withdrawal_approved'),
  content('vote_opened'),
  content('watched_work_opened'),
  content('price_alert_reached'),
  content('verification_decided'),
  content('vote_closed'),
  content('exit_paid'),
  content('deposit_credited'),
  content('top_up_credited'),
  content('parts_sold'),
]);

/** The work a notification is about, when it names one (its titles and the slug of its page). */
export const ZNotificationWork = z.object({ slug: z.string(), title_en: z.string(), title_fr: z.string() });

export const ZNotification = z.intersection(
  ZContent,
  z.object({
    id: ZId,
    work: ZNotificationWork.nullable(),
    read: z.boolean(),
    created_at: z.string(),
  }),
);
export type TNotification = TNotificationContent & {
  id: string;
  work: z.infer<typeof ZNotificationWork> | null;
  read: boolean;
  created_at: string;
};

export const ZNotificationsQuery = z.strictObject({
  limit: ZLimit(NOTIFICATIONS_PAGE_SIZE),
  offset: ZOffset(),
});
export const ZNotificationsData = z.object({
  notifications: z.array(ZNotification),
  total: z.number().int(),
  unread: z.number().int(),
});
export const ZUnreadData = z.object({ unread: z.number().int() });
export const ZNotificationParams = z.strictObject({ id: z.uuid({ error: 'NotificationNotFound' }) });

/** Per kind: whether its email is sent (the app always shows it). */
export const ZNotificationPreference = z.object({ kind: ZNotificationKind, email: z.boolean() });
export const ZNotificationPreferencesData = z.object({ preferences: z.array(ZNotificationPreference) });
export const ZNotificationPreferencesBody = z.strictObject({
  preferences: z
    .array(z.strictObject({ kind: ZNotificationKind, email: z.boolean() }))
    .min(1)
    .max(20),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferencesData>;

/* The watchlist and its price alerts. */

export const ZWatchParams = z.strictObject({ paintingId: z.uuid({ error: 'PaintingNotFound' }) });

export const ZPriceAlertBody = z.strictObject({
  direction: z.enum(PRICE_ALERT_DIRECTIONS, { error: 'InvalidAlertDirection' }),
  threshold_minor: z
    .number({ error: 'InvalidAlertThreshold' })
    .int({ error: 'InvalidAlertThreshold' })
    .positive({ error: 'InvalidAlertThreshold' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'InvalidAlertThreshold' }),
  currency: z.enum(CURRENCIES, { error: 'InvalidCurrency' }),
});
export type TPriceAlertBody = z.infer<typeof ZPriceAlertBody>;

export const ZPriceAlert = z.object({
  id: ZId,
  direction: z.enum(PRICE_ALERT_DIRECTIONS),
  threshold_minor: z.number().int(),
  currency: ZPayloadCurrency,
  triggered_at: z.string().nullable(),
});

export const ZWatchedWork = z.object({
  painting_id: ZId,
  slug: z.string(),
  title_en: z.string(),
  title_fr: z.string(),
  /** The market state name (MARKET_STATES). */
  market: z.string(),
  /** The value of one part now, in each currency (minor units), which alerts compare with. */
  part_value_minor: z.object({ EURO: z.number().int(), USD: z.number().int().nullable() }),
  alert: ZPriceAlert.nullable(),
  created_at: z.string(),
});
export type TWatchedWork = z.infer<typeof ZWatchedWork>;
export const ZWatchlistData = z.object({ works: z.array(ZWatchedWork) });
