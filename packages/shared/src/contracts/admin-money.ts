import '../zod-config';
import { z } from 'zod';
import { CURRENCIES } from '../constants';
import { MAX_MINOR } from '../money';
import { multilineText, safeText } from '../validation/fields';
import { ADMIN_SORTS, sortParams, ZAdminPageQuery } from './admin';
import { ZMoney } from './auth';

/** Operator console, "Members and money" (issue 15): members, withdrawals with four eyes, dividends, ledger. */

const isoDate = z.iso.datetime({ offset: true, error: 'InvalidRequest' });

// ---------------------------------------------------------------- members

/** GET /admin/members: `q` matches a name, an email, the member's id or a reference of theirs (purchase, withdrawal…). */
export const ZAdminMembersQuery = ZAdminPageQuery.extend({
  q: safeText({ error: 'InvalidRequest' }).trim().max(100).optional(),
  ...sortParams(ADMIN_SORTS.members, 'created_at', 'desc'),
});

export const ZAdminMemberNote = z.strictObject({
  text: multilineText({ error: 'NoteRequired' }).trim().min(1, { error: 'NoteRequired' }).max(2000),
});
export const ZAdminDisableMember = z.strictObject({
  reason: multilineText({ error: 'ReasonRequired' }).trim().min(1, { error: 'ReasonRequired' }).max(500),
});

const ZLine = z.object({
  transaction_id: z.string(),
  reference: z.string(),
  description: z.string(),
  amount: ZMoney,
  amount_minor: z.number().int(),
  created_at: z.string(),
});

/**
 * GET /admin/members/:id. Personal data (birth date, phone, PayPal address) is shown to admin and support operators
 * and masked for the others (`masked: true`); the IBAN is never shown beyond its last 4, to anyone.
 */
export const ZAdminMemberPage = z.object({
  profile: z.object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    country: z.string().nullable(),
    birth_date: z.string().nullable(),
    phone: z.string().nullable(),
    paypal_email: z.string().nullable(),
    bank: z.object({ account_owner: z.string(), iban_last4: z.string() }).nullable(),
    language: z.string(),
    currency: z.string(),
    role: z.string(),
    created_at: z.string(),
    masked: z.boolean(),
  }),
  verification: z.object({
    email_verified: z.boolean(),
    email_verified_at: z.string().nullable(),
    quick_sign_up: z.boolean(),
    disabled: z.boolean(),
    disabled_at: z.string().nullable(),
    disabled_reason: z.string().nullable(),
    frozen: z.boolean(),
    payout_hold_until: z.string().nullable(),
  }),
  holdings: z.array(
    z.object({ painting_id: z.string(), title: z.string(), parts: z.number().int(), listed_parts: z.number().int() }),
  ),
  purchases: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      painting_id: z.string(),
      quantity: z.number().int(),
      total: ZMoney,
      total_minor: z.number().int(),
      payment_method: z.string(),
      market: z.number().int(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  listings: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      painting_id: z.string(),
      quantity: z.number().int(),
      remaining: z.number().int(),
      unit_price: ZMoney,
      unit_price_minor: z.number().int(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  wallet: z.object({
    balances: z.array(ZMoney),
    /** The same balances in minor units, for exact display. */
    balances_minor: z.array(z.object({ amount_minor: z.number().int(), curr: z.string() })),
    lines: z.array(ZLine),
  }),
  withdrawals: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      amount: ZMoney,
      amount_minor: z.number().int(),
      account: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      device_type: z.string(),
      created_at: z.string(),
      revoked_at: z.string().nullable(),
      revoked_reason: z.string().nullable(),
      second_factor: z.boolean(),
    }),
  ),
  notes: z.array(z.object({ id: z.string(), text: z.string(), author_email: z.string(), created_at: z.string() })),
});
export type TAdminMemberPage = z.infer<typeof ZAdminMemberPage>;

// ---------------------------------------------------------------- dividends

/** A declared dividend's preview: every holder's amount at the record date, and how the rounding was done. */
export const ZDividendPreview = z.object({
  id: z.string(),
  reference: z.string(),
  painting: z.object({ id: z.string(), title: z.string() }),
  year: z.number().int(),
  record_date: z.string(),
  status: z.enum(['declared', 'paid']),
  total: ZMoney,
  total_minor: z.number().int(),
  per_part_minor: z.number().int().nullable(),
  /** Parts the members held at the record date (each one paid). */
  parts: z.number().int(),
  /**
   * Issue 31: a dividend is an amount per part of the whole work. The parts no member held at the record date
   * (unsold, reserved) have their share of the total, which stays with Parcelle (`retained`): it is not paid out.
   * `total` = `paid_out` + `retained`.
   */
  unsold_parts: z.number().int(),
  paid_out_minor: z.number().int(),
  paid_out: ZMoney,
  retained_minor: z.number().int(),
  retained: ZMoney,
  /** Parcelle's exact share in minor units, 4 decimals (display only), like a holder's `exact_minor`. */
  retained_exact_minor: z.string(),
  declared_by: z.string(),
  /** The operators' emails, for people to read (the ids stay for links and filters). */
  declared_by_email: z.string().nullable(),
  declared_at: z.string(),
  approved_by: z.string().nullable(),
  approved_by_email: z.string().nullable(),
  paid_at: z.string().nullable(),
  /**
   * `largest_remainder` (a total split by parts): each holder first gets the floor of total × parts / all parts;
   * the `remainder_minor` units left go one each to the largest fractional parts (ties: the holder listed first).
   * `per_part`: amount × parts, nothing to round.
   */
  rounding: z.object({
    rule: z.enum(['largest_remainder', 'per_part']),
    floored_minor: z.number().int(),
    remainder_minor: z.number().int(),
  }),
  holders: z.array(
    z.object({
      user_id: z.string(),
      email: z.string(),
      name: z.string(),
      parts: z.number().int(),
      /** The exact share in minor units, 4 decimals (display only). */
      exact_minor: z.string(),
      amount_minor: z.number().int(),
      amount: ZMoney,
      /** Whether this holder received one unit of the remainder. */
      remainder_unit: z.boolean(),
    }),
  ),
});
export type TDividendPreview = z.infer<typeof ZDividendPreview>;

export const ZAdminDividendsQuery = ZAdminPageQuery.extend({
  status: z.enum(['declared', 'paid'], { error: 'InvalidRequest' }).optional(),
  ...sortParams(ADMIN_SORTS.dividends, 'declared_at', 'desc'),
});
export const ZAdminDividends = z.object({
  dividends: z.array(
    ZDividendPreview.pick({
      id: true,
      reference: true,
      painting: true,
      year: true,
      status: true,
      total: true,
      total_minor: true,
      record_date: true,
      declared_by: true,
      declared_by_email: true,
      declared_at: true,
      approved_by: true,
      approved_by_email: true,
      paid_at: true,
    }),
  ),
  total: z.number().int(),
});

// ---------------------------------------------------------------- ledger and reconciliation

export const LEDGER_ACCOUNT_KINDS = [
  'member_wallet',
  'platform_cash',
  'platform_revenue',
  'external',
  'withdrawals_payable',
  'refunds_payable',
] as const;

const ledgerFilters = {
  account_kind: z.enum(LEDGER_ACCOUNT_KINDS, { error: 'InvalidRequest' }).optional(),
  member_id: safeText().uuid({ error: 'InvalidRequest' }).optional(),
  currency: z.enum(CURRENCIES, { error: 'InvalidCurrency' }).optional(),
};

/** GET /admin/ledger/transactions: those touching an account of the kind / member, in [from, to), by reference prefix. */
export const ZAdminLedgerQuery = ZAdminPageQuery.extend({
  ...ledgerFilters,
  reference: safeText().trim().min(1).max(100).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  ...sortParams(ADMIN_SORTS.ledger, 'created_at', 'desc'),
});

/** GET /admin/ledger/balances: each account's balance (entries before `to` when given). */
export const ZAdminBalancesQuery = ZAdminPageQuery.extend({
  ...ledgerFilters,
  to: isoDate.optional(),
  ...sortParams(ADMIN_SORTS.balances, 'balance', 'desc'),
});
export const ZAdminBalances = z.object({
  accounts: z.array(
    z.object({
      account_id: z.string(),
      kind: z.string(),
      member: z.object({ id: z.string(), email: z.string() }).nullable(),
      balance: ZMoney,
      balance_minor: z.number().int(),
      entries: z.number().int(),
    }),
  ),
  /** The sum over every account the filters select (not only this page), per kind and currency. */
  totals: z.array(z.object({ kind: z.string(), balance: ZMoney, balance_minor: z.number().int() })),
  total: z.number().int(),
});

/** GET /admin/ledger/check: the invariants of `npm run ledger:check`, on demand. */
export const ZLedgerCheck = z.object({ ok: z.boolean(), problems: z.array(z.string()), checked_at: z.string() });

/** GET /admin/reconciliation: payment-provider events and the purchases they were matched to. */
export const ZReconciliationQuery = ZAdminPageQuery.extend({
  /** Only the events no purchase matched, or whose amount differs from the purchase's. */
  unmatched: z.enum(['true', 'false'], { error: 'InvalidRequest' }).optional(),
  provider: safeText().trim().max(20).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  ...sortParams(ADMIN_SORTS.reconciliation, 'received_at', 'desc'),
});
export const ZReconciliation = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      event_id: z.string(),
      type: z.string(),
      payment_ref: z.string().nullable(),
      amount: ZMoney.nullable(),
      amount_minor: z.number().int().nullable(),
      received_at: z.string(),
      /** matched: the purchase and the amount agree; mismatch: the amounts differ; unmatched: no purchase. */
      state: z.enum(['matched', 'mismatch', 'unmatched']),
      purchase: z
        .object({
          id: z.string(),
          reference: z.string(),
          status: z.string(),
          total: ZMoney,
          total_minor: z.number().int(),
          method: z.string(),
        })
        .nullable(),
    }),
  ),
  total: z.number().int(),
  unmatched_total: z.number().int(),
  /** Card and PayPal purchases marked paid with no provider event recorded for them. */
  paid_without_event: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      method: z.string(),
      total: ZMoney,
      total_minor: z.number().int(),
      settled_at: z.string(),
    }),
  ),
});
export type TAdminBalances = z.infer<typeof ZAdminBalances>;
export type TReconciliation = z.infer<typeof ZReconciliation>;

// ---------------------------------------------------------------- exchange exposure (issue 32)

const fxAmount = () =>
  z
    .number({ error: 'FxSettlementUnbalanced' })
    .int({ error: 'FxSettlementUnbalanced' })
    .positive({ error: 'FxSettlementUnbalanced' })
    .max(MAX_MINOR, { error: 'FxSettlementUnbalanced' });

/**
 * How far the bank's amount may differ from what is owed when a settlement closes the position (basis points of what
 * is owed): beyond it, the difference is more likely a typing mistake than an exchange result.
 */
export const FX_RESULT_MAX_BPS = 500;

/**
 * The exchange result of closing a position: what the bank gave (`boughtMinor`) less what was owed, positive a gain;
 * null when it is beyond FX_RESULT_MAX_BPS of what is owed.
 */
export function fxClosingResult(boughtMinor: number, owedMinor: number): number | null {
  const result = boughtMinor - owedMinor;
  return Math.abs(result) * 10_000 <= owedMinor * FX_RESULT_MAX_BPS ? result : null;
}

/**
 * POST /admin/fx/settlements: Parcelle's bank sold `sold_minor` of `sold_currency` (a currency Parcelle holds from
 * paying members in the other one) and bought `bought_minor` of `bought_currency` (the one it paid out), on
 * `settled_on`, under the bank's reference. Refused when both legs are not there, or when either leg is larger than
 * the open position in its currency. `close_position`: the settlement sells all that is held, and whatever is then
 * left owed (or over) in the currency bought is Parcelle's exchange result, taken into its revenue: the position ends
 * at zero in both currencies.
 */
export const ZFxSettlementRequest = z
  .strictObject({
    sold_currency: z.enum(CURRENCIES, { error: 'InvalidCurrency' }),
    sold_minor: fxAmount(),
    bought_currency: z.enum(CURRENCIES, { error: 'InvalidCurrency' }),
    bought_minor: fxAmount(),
    bank_reference: safeText({ error: 'FxSettlementInvalid' })
      .trim()
      .min(1, { error: 'FxSettlementInvalid' })
      .max(140, { error: 'FxSettlementInvalid' }),
    settled_on: safeText({ error: 'FxSettlementInvalid' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'FxSettlementInvalid' })
      .refine(
        (value) => {
          const time = Date.parse(`${value}T00:00:00Z`);
          return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
        },
        {
          error: 'FxSettlementInvalid',
        },
      ),
    close_position: z.boolean({ error: 'InvalidRequest' }).optional().default(false),
  })
  .refine((body) => body.sold_currency !== body.bought_currency, {
    error: 'FxSettlementUnbalanced',
    path: ['bought_currency'],
  });
export type TFxSettlementRequest = z.input<typeof ZFxSettlementRequest>;

export const ZFxSettlement = z.object({
  id: z.string(),
  sold: ZMoney,
  sold_minor: z.number().int(),
  bought: ZMoney,
  bought_minor: z.number().int(),
  /** Whether it closed the position, and its exchange result in the currency bought (a gain when positive). */
  closed: z.boolean(),
  result: ZMoney,
  result_minor: z.number().int(),
  bank_reference: z.string(),
  settled_on: z.string(),
  transaction_id: z.string(),
  recorded_by: z.object({ id: z.string(), email: z.string() }),
  created_at: z.string(),
});

/**
 * GET /admin/fx: Parcelle's open exchange position per currency, the balance of its `fx_clearing` account (minor
 * units, exact): positive, Parcelle holds that currency from members paid in the other and is to sell it; negative,
 * it paid that currency out and is to buy it. With the latest settlements.
 */
export const ZFxExposure = z.object({
  positions: z.array(
    z.object({
      currency: z.enum(CURRENCIES),
      position: ZMoney,
      position_minor: z.number().int(),
      /** sell: Parcelle holds it (position > 0); buy: Parcelle owes it (< 0); none: closed. */
      side: z.enum(['sell', 'buy', 'none']),
    }),
  ),
  settlements: z.array(ZFxSettlement),
});
