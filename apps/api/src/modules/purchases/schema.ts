import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, currencyEnum, languageEnum } from '../../db/columns';
import { users } from '../account/schema';
import { paintings } from '../catalogue-admin/schema';
import { listings } from '../market/schema';

/**
 * Purchases, the listings a secondary purchase took its parts from, their payments, idempotency keys, refunds and
 * revocations. Owned by modules/purchases: only its files write these tables (issue 28, decision 416). Re-exported by
 * db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

export const paymentMethodEnum = pgEnum('payment_method', ['card', 'paypal', 'smart_amount']);

export const purchaseStatusEnum = pgEnum('purchase_status', [
  'pending',
  'paid',
  'expired',
  'failed',
  'refund_pending',
  'refunded',
  // Issue 30: a paid primary purchase revoked within the reflection period (see purchase_revocations).
  'revoked',
]);

/**
 * A purchase on the primary market: created with its parts reserved (pending), then paid (parts settled to the
 * buyer, certificate issued) or expired / failed (parts released). A payment that arrives after the release and
 * can no longer be settled is refunded: refund_pending (the provider has not yet confirmed the refund) → refunded.
 * Amounts are integer minor units of `currency`.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown to the member and the payment providers (reference_id). */
    reference: text('reference').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    quantity: integer('quantity').notNull(),
    currency: currencyEnum('currency').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    /** 2: bought on the primary market; 3: bought from members' listings (see purchase_fills). */
    market: smallint('market').notNull().default(2),
    /** The certificate holder's name; may differ from the buyer (spec §1). */
    ownerName: text('owner_name').notNull(),
    language: languageEnum('language').notNull(),
    status: purchaseStatusEnum('status').notNull().default('pending'),
    /** The provider's id of the payment (card intent, PayPal order). */
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('purchases_reference_unique').on(table.reference),
    uniqueIndex('purchases_provider_ref_unique').on(table.providerRef),
    index('purchases_pending_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'pending'`),
    index('purchases_user_created_idx').on(table.userId, table.createdAt),
    // One unpaid card or PayPal purchase per member and work (decision 84): the last guard when two requests race.
    // A wallet purchase is paid in the transaction that reserves it, so it never waits pending.
    uniqueIndex('purchases_one_pending_per_member_work')
      .on(table.userId, table.paintingId)
      .where(sql`${table.status} = 'pending' AND ${table.paymentMethod} <> 'smart_amount'`),
    check('purchases_quantity_positive', sql`${table.quantity} > 0`),
    // A secondary purchase may fill listings at different prices: its total is the sum of its fills (checked by
    // the invariants), and its unit price is the first fill's.
    check(
      'purchases_amounts_valid',
      sql`${table.unitPriceMinor} > 0 AND ${table.market} IN (2, 3)
        AND (${table.market} = 3 OR ${table.totalMinor} = ${table.unitPriceMinor} * ${table.quantity})`,
    ),
  ],
);

/** Answers of state-changing money calls by Idempotency-Key: a retry replays the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    /** The purchase the keyed request created, recorded in the transaction that created it (decision: soak). */
    purchaseId: uuid('purchase_id').references(() => purchases.id),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('idempotency_keys_unique').on(table.userId, table.key)],
);

/** Payment provider events already handled (webhooks are delivered at least once, in any order). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /**
     * For reconciliation (issue 15): the provider's payment id, the amount it reported, and the purchase it was
     * matched to (null: no purchase has this payment, which an operator looks into).
     */
    paymentRef: text('payment_ref'),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currency: currencyEnum('currency'),
    purchaseId: uuid('purchase_id').references((): AnyPgColumn => purchases.id),
    receivedAt: createdAt(),
  },
  (table) => [
    uniqueIndex('payment_events_unique').on(table.provider, table.eventId),
    index('payment_events_purchase_idx').on(table.purchaseId),
  ],
);

export const refundStatusEnum = pgEnum('refund_status', ['pending', 'succeeded']);

/**
 * A payment sent back to where it came from (a late payment for parts no longer available): one per purchase,
 * so a retried webhook can never refund twice. Pending until the provider accepts the refund; the reservation
 * job retries pending ones (attempts, next_attempt_at) until it does.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id),
    /** The adapter that took the money ('stripe', 'paypal' or 'sandbox') with the purchase's payment method. */
    provider: text('provider').notNull(),
    /** What the provider refunds: the PaymentIntent id (card) or the capture id (PayPal). */
    paymentRef: text('payment_ref').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    status: refundStatusEnum('status').notNull().default('pending'),
    /** The provider's id of the refund, once accepted. */
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('refunds_purchase_unique').on(table.purchaseId),
    index('refunds_pending_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    check('refunds_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

/**
 * Issue 30: a primary purchase revoked in its reflection period (EU 2020/1503 art. 22), one row per purchase (the
 * unique index is the last guard against a double revocation). Append-only: what was revoked, by whom, through which
 * channel, when, and where the money went back. The money and parts themselves are the reversing ledger transaction
 * `<reference>:revocation` and the part movement `revoke` under the purchase's reference.
 */
export const purchaseRevocations = pgTable(
  'purchase_revocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** `member_area` (portfolio or history, signed in) or `email_link` (the signed link of the confirmation). */
    channel: text('channel').notNull(),
    /** Where the money goes back: `card`, `paypal` (through the provider, see refunds) or `wallet`. */
    refundTo: text('refund_to').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    /** The end of the reflection period the revocation was checked against. */
    periodEndsAt: timestamp('period_ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('purchase_revocations_purchase_unique').on(table.purchaseId),
    index('purchase_revocations_created_idx').on(table.createdAt),
    check('purchase_revocations_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

/** Which listings a secondary purchase takes its parts from (oldest first), at which price. */
export const purchaseFills = pgTable(
  'purchase_fills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('purchase_fills_purchase_idx').on(table.purchaseId),
    index('purchase_fills_listing_idx').on(table.listingId),
    check('purchase_fills_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
