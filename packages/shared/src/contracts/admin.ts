import '../zod-config';
import { z } from 'zod';
import { CURRENCIES } from '../constants';
import { multilineText, safeText } from '../validation/fields';
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

/** Operator roles (issue 15): admin does everything; the others see their part of the console. */
export const OPERATOR_ROLES = ['admin', 'catalogue', 'finance', 'support'] as const;
export type TOperatorRole = (typeof OPERATOR_ROLES)[number];
/** GET /admin/me: the operator signed in to the console. */
export const ZAdminMe = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  operator_role: z.enum(OPERATOR_ROLES),
});
export type TAdminMe = z.infer<typeof ZAdminMe>;

export const ZAdminPageQuery = z.strictObject({ limit: ZLimit(20), offset: ZOffset() });
export const ZAdminWithdrawalsQuery = ZAdminPageQuery.extend({
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED'], { error: 'InvalidRequest' }).optional(),
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
  account: z.string(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  reason: z.string().nullable(),
});

export const ZDividendResult = z.object({
  reference: z.string(),
  total: ZMoney,
  holders: z.number().int(),
  parts: z.number().int(),
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
        z.object({ account_id: z.string(), kind: z.string(), user_id: z.string().nullable(), amount: ZMoney }),
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
  database: z.object({ kind: z.enum(['pglite', 'postgres']), answers: z.boolean() }),
  /** null when the database does not answer. */
  migrations: z.object({ applied: z.number().int(), available: z.number().int(), latest: z.string() }).nullable(),
});
export type TReadiness = z.infer<typeof ZReadiness>;

export type TAdminMembers = z.infer<typeof ZAdminMembers>;
export type TAdminWithdrawal = z.infer<typeof ZAdminWithdrawal>;
export type TAdminLedger = z.infer<typeof ZAdminLedger>;
export type TDeclareDividend = z.input<typeof ZDeclareDividend>;
export type TDividendResult = z.infer<typeof ZDividendResult>;
