import '../zod-config';
import { z } from 'zod';
import { CURRENCIES, LANGUAGES } from '../constants';
import { emailField, multilineText, nameField, safeText } from '../validation/fields';
import { ZMoney } from './auth';
import { ZLimit, ZOffset } from './catalogue';

/** Operator endpoints under /api/admin (issue 6): the base of the back-office. */

/** Operator second factor (TOTP, RFC 6238): enrolment answers the secret once, confirmation the recovery codes once. */
export const ZTotpEnrolData = z.object({ secret: z.string(), otpauth_uri: z.string() });
export const ZTotpConfirmRequest = z.strictObject({
  code: safeText({ error: 'TotpCodeInvalid' })
    .trim()
    .regex(/^\d{6}$/, { error: 'TotpCodeInvalid' }),
});
export const ZTotpConfirmData = z.object({ recovery_codes: z.array(z.string()) });

export const ZAdminPageQuery = z.strictObject({ limit: ZLimit(20), offset: ZOffset() });

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/**
 * The sort of an operator list, the members route's convention: `sort=<column>&order=<asc|desc>`, the column one of the
 * route's whitelist (anything else is a 400 InvalidRequest, never a column name reaching SQL). The routes add the row's
 * id as the last key, so equal values keep one order from page to page.
 */
export function sortParams<const C extends readonly [string, ...string[]]>(
  columns: C,
  byDefault: C[number],
  order: SortOrder,
) {
  return {
    sort: z.enum(columns, { error: 'InvalidRequest' }).default(byDefault as never),
    order: z.enum(SORT_ORDERS, { error: 'InvalidRequest' }).default(order),
  };
}

/** Each list's sortable columns: the API's whitelist, and the console's (which marks the others `sortable: false`). */
export const ADMIN_SORTS = {
  members: ['created_at', 'email', 'last_name'],
  withdrawals: ['created_at', 'reference', 'member', 'amount', 'exported_at'],
  dividends: ['declared_at', 'reference', 'painting', 'year', 'total', 'status', 'record_date', 'paid_at'],
  operators: ['created_at', 'email', 'last_name', 'operator_role'],
  audit: ['created_at', 'actor_email', 'action', 'target_type', 'target_id'],
  ledger: ['created_at', 'reference', 'description'],
  balances: ['balance', 'kind', 'member', 'entries'],
  reconciliation: ['received_at', 'provider', 'type', 'amount'],
  paintings: [
    'created_at',
    'title_en',
    'title_fr',
    'artist_name',
    'year',
    'market',
    'sold_parts',
    'price_per_part_minor',
  ],
  artists: ['name', 'date_of_birth', 'paintings_count', 'created_at'],
  rates: ['day', 'rate', 'source'],
  verifications: ['submitted_at', 'updated_at', 'state', 'risk', 'member'],
  complaints: ['received_at', 'acknowledge_due_on', 'answer_due_on', 'state', 'reference'],
  revocations: ['revoked_at', 'settled_at', 'reference', 'member', 'amount'],
  deposits: ['booked_on', 'created_at', 'amount'],
} as const satisfies Record<string, readonly [string, ...string[]]>;
export type TAdminSort<L extends keyof typeof ADMIN_SORTS> = {
  sort: (typeof ADMIN_SORTS)[L][number];
  order: SortOrder;
};
/**
 * A withdrawal's state for operators (issue 15, four eyes): PENDING → APPROVED (first operator) → RELEASED (a second
 * one: the money leaves), or REJECTED before the release. Members see RELEASED as APPROVED.
 */
export const ADMIN_WITHDRAWAL_STATUSES = ['PENDING', 'APPROVED', 'RELEASED', 'REJECTED'] as const;
export type AdminWithdrawalStatus = (typeof ADMIN_WITHDRAWAL_STATUSES)[number];
export const ZAdminWithdrawalsQuery = ZAdminPageQuery.extend({
  status: z.enum(ADMIN_WITHDRAWAL_STATUSES, { error: 'InvalidRequest' }).optional(),
  ...sortParams(ADMIN_SORTS.withdrawals, 'created_at', 'desc'),
});
export const ZIdParams = z.strictObject({ id: safeText().uuid({ error: 'NotFound' }) });
export const ZRejectWithdrawal = z.strictObject({
  reason: multilineText({ error: 'ReasonRequired' }).trim().min(1, { error: 'ReasonRequired' }).max(500),
});

/**
 * Declares a dividend for a painting and a year: either a total to split among the holders in proportion to
 * their parts (largest remainder, so the shares add up to the total exactly), or an amount per part.
 */
export const ZDeclareDividend = z
  .strictObject({
    painting_id: safeText().uuid({ error: 'PaintingNotFound' }),
    year: z.number().int().min(2000).max(2100),
    currency: z.enum(CURRENCIES),
    total_amount_minor: z.number().int().positive({ error: 'DividendAmountInvalid' }).optional(),
    amount_per_part_minor: z.number().int().positive({ error: 'DividendAmountInvalid' }).optional(),
    /** Holders at this instant are paid (default: now). */
    record_date: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((value) => (value.total_amount_minor === undefined) !== (value.amount_per_part_minor === undefined), {
    error: 'DividendAmountInvalid',
  });

export const ZAdminWithdrawal = z.object({
  id: z.string(),
  reference: z.string(),
  member: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  amount: ZMoney,
  amount_minor: z.number().int(),
  account: z.string(),
  payment_method: z.string(),
  status: z.enum(ADMIN_WITHDRAWAL_STATUSES),
  created_at: z.string(),
  /** Who approved (or rejected) it, and when. */
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  /** The operators' emails, for people to read. */
  decided_by_email: z.string().nullable(),
  released_at: z.string().nullable(),
  released_by: z.string().nullable(),
  released_by_email: z.string().nullable(),
  /** When the payout went into a SEPA file for the bank. */
  exported_at: z.string().nullable(),
  reason: z.string().nullable(),
});

export const ZAdminMembers = z.object({
  members: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      country: z.string().nullable(),
      role: z.enum(['member', 'admin']),
      email_verified: z.boolean(),
      disabled: z.boolean(),
      created_at: z.string(),
    }),
  ),
  total: z.number().int(),
});

export const ZAdminLedger = z.object({
  transactions: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      description: z.string(),
      created_at: z.string(),
      entries: z.array(
        z.object({
          account_id: z.string(),
          kind: z.string(),
          user_id: z.string().nullable(),
          amount: ZMoney,
          amount_minor: z.number().int(),
        }),
      ),
    }),
  ),
  total: z.number().int(),
});

/**
 * GET /admin/readiness (operators): the database answers and every committed migration is applied. 200 when ready,
 * 503 (with `error` NotReady and the same data) when not.
 */
export const ZReadiness = z.object({
  ready: z.boolean(),
  database: z.object({ kind: z.enum(['embedded', 'postgres']), answers: z.boolean() }),
  /** null when the database does not answer. */
  migrations: z.object({ applied: z.number().int(), available: z.number().int(), latest: z.string() }).nullable(),
});
export type TReadiness = z.infer<typeof ZReadiness>;

/**
 * What an operator may do (issue 15), enforced by the API on every /api/admin route: `admin` everything (and manages
 * operators), `catalogue` artists, works, valuations and content, `finance` withdrawals, dividends, ledger and
 * reconciliation, `support` reads members (no money actions), `compliance` reviews identity verifications and is the only
 * role that opens their documents (issue 29).
 */
export const OPERATOR_ROLES = ['admin', 'catalogue', 'finance', 'support', 'compliance'] as const;
export const ZOperatorRole = z.enum(OPERATOR_ROLES, { error: 'InvalidRequest' });
export type OperatorRole = z.infer<typeof ZOperatorRole>;

/** GET /admin/me: the signed-in operator and their role. */
export const ZAdminMe = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  operator_role: ZOperatorRole,
});

/** An operator as the operators page lists them. */
export const ZAdminOperator = ZAdminMe.extend({
  totp_enrolled: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
});
export const ZAdminOperatorsQuery = ZAdminPageQuery.extend(sortParams(ADMIN_SORTS.operators, 'created_at', 'desc'));
export const ZAdminOperators = z.object({ operators: z.array(ZAdminOperator), total: z.number().int() });

/** POST /admin/operators (admin only): invites an operator, who chooses a password from the emailed link. */
export const ZInviteOperator = z.strictObject({
  email: emailField('RegValBlank'),
  first_name: nameField('RegValBlank'),
  last_name: nameField('RegValBlank'),
  operator_role: ZOperatorRole,
  language: z.enum(LANGUAGES, { error: 'InvalidRequest' }).default('en'),
});

/** PUT /admin/operators/:id/role (admin only). */
export const ZSetOperatorRole = z.strictObject({ operator_role: ZOperatorRole });

/** GET /admin/audit: filters by operator, action (prefix), object and date range; newest first. */
export const ZAdminAuditQuery = ZAdminPageQuery.extend({
  actor_id: safeText().uuid({ error: 'InvalidRequest' }).optional(),
  action: safeText().trim().max(100).optional(),
  target_type: safeText().trim().max(50).optional(),
  target_id: safeText().trim().max(100).optional(),
  from: z.iso.datetime({ offset: true, error: 'InvalidRequest' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'InvalidRequest' }).optional(),
  ...sortParams(ADMIN_SORTS.audit, 'created_at', 'desc'),
});
export const ZAdminAuditEntry = z.object({
  id: z.string(),
  actor_id: z.string(),
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  details: z.record(z.string(), z.unknown()),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.string(),
});
export const ZAdminAudit = z.object({ entries: z.array(ZAdminAuditEntry), total: z.number().int() });

export type TAdminMembers = z.infer<typeof ZAdminMembers>;
export type TAdminWithdrawal = z.infer<typeof ZAdminWithdrawal>;
export type TAdminLedger = z.infer<typeof ZAdminLedger>;
export type TDeclareDividend = z.input<typeof ZDeclareDividend>;

export type TOperatorRole = OperatorRole;
export type TAdminMe = z.infer<typeof ZAdminMe>;
