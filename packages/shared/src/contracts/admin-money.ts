import '../zod-config';
import { z } from 'zod';
import { CURRENCIES } from '../constants';
import { multilineText, safeText } from '../validation/fields';
import { ZAdminPageQuery } from './admin';
import { ZMoney } from './auth';

/** Operator console, "Members and money" (issue 15): members, withdrawals with four eyes, dividends, ledger. */

const isoDate = z.iso.datetime({ offset: true, error: 'InvalidRequest' });

// ---------------------------------------------------------------- members

/** GET /admin/members: `q` matches a name, an email, the member's id or a reference of theirs (purchase, withdrawal…). */
export const ZAdminMembersQuery = ZAdminPageQuery.extend({
  q: safeText({ error: 'InvalidRequest' }).trim().max(100).optional(),
  sort: z.enum(['created_at', 'email', 'last_name'], { error: 'InvalidRequest' }).default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'InvalidRequest' }).default('desc'),
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
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  wallet: z.object({ balances: z.array(ZMoney), lines: z.array(ZLine) }),
  withdrawals: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      amount: ZMoney,
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
