import '../zod-config';
import { z } from 'zod';
import type { CURRENCIES } from '../constants';
import type { MessageKey } from '../i18n/messages';
import { fromMajorString } from '../money';
import { emailField, multilineText, safeText } from '../validation/fields';
import { ADMIN_SORTS, sortParams, ZAdminPageQuery } from './admin';

/**
 * Deposits by SEPA bank transfer (issue 31): the member's transfer details, and for finance operators the import of
 * the bank's statement (ISO 20022 camt.053) and the queue of the transfers that could not be credited by themselves.
 */

// ---------------------------------------------------------------- top-ups by card or PayPal

/** How a member may top up the wallet through the payment providers (bank transfers have their own details above). */
export const TOP_UP_METHODS = ['card', 'paypal'] as const;
export type TopUpMethod = (typeof TOP_UP_METHODS)[number];

/**
 * The bounds of a top-up, in euro minor units (configured: TOP_UP_MIN_MINOR, TOP_UP_MAX_MINOR, TOP_UP_DAILY_MAX_MINOR):
 * each top-up between `min_minor` and `max_minor`, and at most `daily_max_minor` started in 24 hours (credited or still
 * awaiting payment; a declined or cancelled one does not count). `available_minor` is what is left of the 24 hours.
 */
export const ZTopUpLimits = z.object({
  min_minor: z.number().int(),
  max_minor: z.number().int(),
  daily_max_minor: z.number().int(),
  available_minor: z.number().int(),
  /** The methods offered right now (the payment methods configured, card and PayPal only). */
  methods: z.array(z.enum(TOP_UP_METHODS)),
});
export type TopUpLimits = z.infer<typeof ZTopUpLimits>;

/**
 * The one rule of a top-up's amount, for the API and the form alike: what is wrong with `amountMinor` under `limits`
 * (a catalogue key), or null when it may be paid.
 */
export function topUpAmountProblem(
  amountMinor: number,
  limits: Pick<TopUpLimits, 'min_minor' | 'max_minor' | 'available_minor'>,
): MessageKey | null {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return 'TopUpAmountInvalid';
  if (amountMinor < limits.min_minor) return 'TopUpBelowMinimum';
  if (amountMinor > limits.max_minor) return 'TopUpAboveMaximum';
  if (amountMinor > limits.available_minor) return 'TopUpDailyLimit';
  return null;
}

/** POST /member/top-ups (with an Idempotency-Key): the method and the amount, in euro minor units. */
export const ZTopUpRequest = z.strictObject({
  method: z.enum(TOP_UP_METHODS, { error: 'PaymentMethodUnavailable' }),
  amount_minor: z.number({ error: 'TopUpAmountInvalid' }).int({ error: 'TopUpAmountInvalid' }).positive({
    error: 'TopUpAmountInvalid',
  }),
});

/** The ways to add money on the finance page: a top-up by card or PayPal, or a bank transfer (its details). */
export const ADD_MONEY_WAYS = [...TOP_UP_METHODS, 'bank_transfer'] as const;
export type AddMoneyWay = (typeof ADD_MONEY_WAYS)[number];

/**
 * The "Add money" form: the way, and for a card or PayPal top-up the amount as typed ("50", "49,90"), turned into
 * minor units and checked against the member's limits by `topUpAmountProblem` — the rule the API applies. A bank
 * transfer needs no amount here: the member chooses it in their bank.
 */
export function topUpFormSchema(limits: Pick<TopUpLimits, 'min_minor' | 'max_minor' | 'available_minor'>) {
  const amount = z.string().transform((text, context) => {
    let minor: number;
    try {
      minor = fromMajorString(text);
    } catch {
      context.addIssue({ code: 'custom', message: 'TopUpAmountInvalid' });
      return z.NEVER;
    }
    const problem = topUpAmountProblem(minor, limits);
    if (problem) {
      context.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return minor;
  });
  return z.discriminatedUnion('method', [
    z.object({ method: z.enum(TOP_UP_METHODS), amount }),
    z.object({ method: z.literal('bank_transfer'), amount: z.string().optional() }),
  ]);
}

/**
 * Where a top-up stands: awaiting the provider's confirmation, credited to the wallet (once), declined by the provider
 * (the member may pay again with another card) or cancelled by the member. Only a confirmation credits.
 */
export const TOP_UP_STATES = ['pending', 'credited', 'declined', 'cancelled'] as const;
export type TopUpState = (typeof TOP_UP_STATES)[number];

/** A top-up as the member's page pays it: what the provider's form needs, and its state. */
export const ZTopUp = z.object({
  id: z.string(),
  reference: z.string(),
  method: z.enum(TOP_UP_METHODS),
  amount_minor: z.number().int(),
  currency: z.literal('EURO'),
  status: z.enum(TOP_UP_STATES),
  /** The provider's refusal, when declined. */
  failure: z.string().nullable(),
  card_provider: z.enum(['stripe', 'sandbox']).nullable(),
  stripe_publishable_key: z.string().nullable(),
  payment_client_secret: z.string().nullable(),
  paypal_provider: z.enum(['paypal', 'sandbox']).nullable(),
  paypal_client_id: z.string().nullable(),
  paypal_order_id: z.string().nullable(),
});
export type TTopUp = z.infer<typeof ZTopUp>;

/** The offline card sandbox's "Pay" for a top-up (test numbers as the purchase's). */
export const ZTopUpSandboxCard = z.strictObject({ card_number: z.string().trim().min(1).max(30) });

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
  /** Top-ups by card or PayPal: the bounds and what is left of the 24 hours. */
  top_up: ZTopUpLimits,
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
