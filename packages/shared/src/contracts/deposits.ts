import '../zod-config';
import { z } from 'zod';
import type { CURRENCIES } from '../constants';
import { emailField, multilineText, safeText } from '../validation/fields';
import { ADMIN_SORTS, sortParams, ZAdminPageQuery } from './admin';

/**
 * Deposits by SEPA bank transfer (issue 31): the member's transfer details, and for finance operators the import of
 * the bank's statement (ISO 20022 camt.053) and the queue of the transfers that could not be credited by themselves.
 */

// ---------------------------------------------------------------- member

/** GET /member/deposit: where to send a transfer and the member's own reference (ISO 11649, printed in groups of 4). */
export const ZDepositDetails = z.object({
  /** False when bank-transfer deposits are switched off: the page then says so and shows no account. */
  enabled: z.boolean(),
  beneficiary: z.string(),
  iban: z.string(),
  bic: z.string(),
  /** Electronic form ("RF18539007547034"), what the copy button copies. */
  reference: z.string(),
  /** Printed form ("RF18 5390 0754 7034"). */
  reference_display: z.string(),
  /** Transfers are in euros; a dollar wallet is credited at the day's rate. */
  currency: z.literal('EURO'),
  /** Whether the member's identity is verified: a transfer before that waits until it is. */
  verified: z.boolean(),
});

// ---------------------------------------------------------------- operators

/** The largest statement file accepted (characters of XML): a month of a busy account fits many times over. */
export const BANK_STATEMENT_MAX_CHARS = 5_000_000;

/** POST /admin/deposits/statements: the camt.053 file as text, as the console read it. */
export const ZBankStatementUpload = z.strictObject({
  file_name: safeText({ error: 'InvalidRequest' }).trim().min(1).max(200),
  content: z
    .string({ error: 'BankStatementInvalid' })
    .min(1, { error: 'BankStatementInvalid' })
    .max(BANK_STATEMENT_MAX_CHARS, { error: 'BankStatementTooLarge' }),
});

/**
 * Why a credit waits in the queue: no reference in its remittance information; a reference whose check digits fail
 * (a typo); a well-formed reference that is nobody's; a currency other than the euro; a member whose identity is not
 * verified (issue 29's gate: no money in before it); one booked entry carrying several transfers (a batch), whose
 * parts an operator must look at.
 */
export const BANK_TRANSFER_REASONS = [
  'no_reference',
  'batch',
  'invalid_reference',
  'unknown_reference',
  'currency',
  'not_verified',
] as const;
export type BankTransferReason = (typeof BANK_TRANSFER_REASONS)[number];

/** Where a credit entry stands: credited to a member at import, waiting in the queue, assigned by an operator, or to be returned. */
export const BANK_TRANSFER_STATES = ['credited', 'queued', 'assigned', 'returning'] as const;
export type BankTransferState = (typeof BANK_TRANSFER_STATES)[number];

export const ZBankStatementImport = z.object({
  import_id: z.string(),
  statement_ids: z.array(z.string()),
  account_iban: z.string(),
  /** Booked credit entries found in the file. */
  credits: z.number().int(),
  /** Of them, credited to a member now. */
  credited: z.number().int(),
  /** Of them, put in the queue now. */
  queued: z.number().int(),
  /** Of them, already imported (this file or an earlier one): nothing done. */
  duplicates: z.number().int(),
  /** Entries that are not booked credits (debits, pending entries): not deposits, left alone. */
  skipped: z.number().int(),
  credited_minor: z.number().int(),
});

export const ZAdminBankTransfersQuery = ZAdminPageQuery.extend({
  status: z.enum(BANK_TRANSFER_STATES, { error: 'InvalidRequest' }).optional(),
  ...sortParams(ADMIN_SORTS.deposits, 'booked_on', 'desc'),
});

export const ZAdminBankTransfer = z.object({
  id: z.string(),
  statement_id: z.string(),
  entry_reference: z.string(),
  booked_on: z.string().nullable(),
  /** The amount as the bank wrote it, and its currency code ("EUR", "CHF"…). */
  amount_text: z.string(),
  currency_code: z.string(),
  /** Minor units when the currency is the euro, else null (such a credit is only ever returned). */
  amount_minor: z.number().int().nullable(),
  remittance: z.string(),
  debtor_name: z.string().nullable(),
  debtor_iban: z.string().nullable(),
  state: z.enum(BANK_TRANSFER_STATES),
  reason: z.enum(BANK_TRANSFER_REASONS).nullable(),
  /** The member it was credited to, or the one its reference names (a member not verified yet). */
  member: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  ledger_reference: z.string().nullable(),
  resolved_by: z.string().nullable(),
  resolution_note: z.string().nullable(),
  created_at: z.string(),
});
export const ZAdminBankTransfers = z.object({ transfers: z.array(ZAdminBankTransfer), total: z.number().int() });

/** POST /admin/deposits/transfers/:id/assign: credits a queued transfer to the member of this email. */
export const ZAssignBankTransfer = z.strictObject({
  email: emailField(),
  note: multilineText({ error: 'ReasonRequired' }).trim().min(1, { error: 'ReasonRequired' }).max(500),
});
/** POST /admin/deposits/transfers/:id/return: the transfer is to be sent back to its sender (by the bank). */
export const ZReturnBankTransfer = z.strictObject({
  note: multilineText({ error: 'ReasonRequired' }).trim().min(1, { error: 'ReasonRequired' }).max(500),
});

export const DEPOSIT_CURRENCY = 'EURO' as const satisfies (typeof CURRENCIES)[number];
