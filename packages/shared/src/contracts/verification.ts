import '../zod-config';
import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { countryCodeField, multilineText, safeText } from '../validation/fields';
import {
  IDENTITY_DOCUMENT_TYPES,
  RISK_LEVELS,
  VERIFICATION_ACTORS,
  VERIFICATION_APPROVE_REASONS,
  VERIFICATION_CLOSE_REASONS,
  VERIFICATION_DOCUMENT_KINDS,
  VERIFICATION_MISSING_ITEMS,
  VERIFICATION_REASON_CODES,
  VERIFICATION_REJECT_REASONS,
  VERIFICATION_RESUBMISSION_REASONS,
  VERIFICATION_STATES,
  VERIFICATION_SUSPEND_REASONS,
} from '../verification';
import { ADMIN_SORTS, sortParams, ZAdminPageQuery } from './admin';

/** Identity verification (issue 29): the member's side under /api/user/verification, the compliance side under /api/admin. */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const text = (max: number) =>
  safeText({ error: 'VerificationFieldRequired' })
    .trim()
    .min(1, { error: 'VerificationFieldRequired' })
    .max(max, { error: 'VerificationFieldTooLong' });
const country = () => countryCodeField();

export const SOURCE_OF_FUNDS_KINDS = [
  'salary',
  'savings',
  'business_income',
  'investments',
  'inheritance',
  'property_sale',
  'pension',
  'other',
] as const;
export type SourceOfFundsKind = (typeof SOURCE_OF_FUNDS_KINDS)[number];

/** A real calendar date, in the past, as YYYY-MM-DD (the age rule is checked at sign-up and by the reviewer). */
const ZPastDate = safeText({ error: 'BirthDateRequired' })
  .min(1, { error: 'BirthDateRequired' })
  .refine(
    (value) => {
      if (!ISO_DATE.test(value)) return false;
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getTime() < Date.now();
    },
    { error: 'BirthDateInvalid' },
  );

export const ZVerificationAddress = z.strictObject({
  line1: text(200),
  line2: safeText().trim().max(200, { error: 'VerificationFieldTooLong' }).optional(),
  postal_code: text(20),
  city: text(100),
  country: country(),
});

/**
 * PUT /user/verification: everything the member declares, sent whole each time (the form saves it in one step). The
 * source of funds is asked for when the expected yearly investment reaches VERIFICATION_SOURCE_OF_FUNDS_MINOR (the
 * GET answer says so in `missing`); the PEP details when either PEP answer is yes.
 */
export const ZVerificationDeclaration = z
  .strictObject({
    legal_first_name: text(100),
    legal_last_name: text(100),
    birth_date: ZPastDate,
    birth_place: text(100),
    birth_country: country(),
    nationality: country(),
    address: ZVerificationAddress,
    tax_residence: country(),
    tax_identification_number: safeText().trim().max(40, { error: 'VerificationFieldTooLong' }).optional(),
    occupation: text(100),
    /** Politically exposed person (Code monétaire et financier R.561-18), or a family member or close associate of one. */
    politically_exposed: z.boolean({ error: 'VerificationFieldRequired' }),
    pep_close_associate: z.boolean({ error: 'VerificationFieldRequired' }),
    pep_details: multilineText().trim().max(1000, { error: 'VerificationFieldTooLong' }).optional(),
    /** What the member expects to invest in a year, in euro cents. */
    expected_yearly_investment_minor: z
      .number({ error: 'VerificationFieldRequired' })
      .int({ error: 'VerificationFieldRequired' })
      .min(0, { error: 'VerificationFieldRequired' })
      .max(100_000_000_000, { error: 'VerificationFieldTooLong' }),
    source_of_funds: z
      .strictObject({
        kind: z.enum(SOURCE_OF_FUNDS_KINDS, { error: 'VerificationFieldRequired' }),
        details: multilineText({ error: 'VerificationFieldRequired' })
          .trim()
          .min(1, { error: 'VerificationFieldRequired' })
          .max(1000, { error: 'VerificationFieldTooLong' }),
      })
      .optional(),
    identity_document_type: z.enum(IDENTITY_DOCUMENT_TYPES, { error: 'VerificationFieldRequired' }),
  })
  .refine((value) => !(value.politically_exposed || value.pep_close_associate) || !!value.pep_details, {
    error: 'VerificationPepDetailsRequired',
    path: ['pep_details'],
  });
export type TVerificationDeclaration = z.infer<typeof ZVerificationDeclaration>;

/** The declaration as answered (the request schema's output, without its transforms: answers are encoded, not parsed). */
export const ZVerificationDeclarationData = z.object({
  legal_first_name: z.string(),
  legal_last_name: z.string(),
  birth_date: z.string(),
  birth_place: z.string(),
  birth_country: z.string(),
  nationality: z.string(),
  address: z.object({
    line1: z.string(),
    line2: z.string().optional(),
    postal_code: z.string(),
    city: z.string(),
    country: z.string(),
  }),
  tax_residence: z.string(),
  tax_identification_number: z.string().optional(),
  occupation: z.string(),
  politically_exposed: z.boolean(),
  pep_close_associate: z.boolean(),
  pep_details: z.string().optional(),
  expected_yearly_investment_minor: z.number().int(),
  source_of_funds: z.object({ kind: z.enum(SOURCE_OF_FUNDS_KINDS), details: z.string() }).optional(),
  identity_document_type: z.enum(IDENTITY_DOCUMENT_TYPES),
});

export const ZVerificationState = z.enum(VERIFICATION_STATES);
export const ZVerificationDocumentKind = z.enum(VERIFICATION_DOCUMENT_KINDS, {
  error: 'VerificationDocumentKindInvalid',
});

/** A stored document as listed (its bytes are never in a list). */
export const ZVerificationDocument = z.object({
  id: z.string(),
  kind: ZVerificationDocumentKind,
  content_type: z.string(),
  size_bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  uploaded_at: z.string(),
});

export const ZVerificationDecisionNote = z.object({
  state: ZVerificationState,
  reason_code: z.string(),
  /** The operator's words to the member, in the member's language (empty for the platform's own steps). */
  message: z.string(),
  /** A request for new documents: the kinds asked for again (decision 411); empty for other decisions. */
  document_kinds: z.array(ZVerificationDocumentKind),
  at: z.string(),
});

/** GET /user/verification: where the member stands and what is missing before they can submit. */
/** Who checks a submitted case (issue 29): the console's compliance queue, or a hosted provider. */
export const VERIFICATION_PROVIDER_NAMES = ['manual', 'sumsub'] as const;

/**
 * Where the current round stands with a hosted provider (decision 345): `none` (the manual provider, or nothing sent to
 * the provider this round), `to_open` (sent, the member has not opened the provider's check yet), `with_provider` (the
 * member opened it; the provider's decision is awaited), `decided` (the provider's review was applied to this round).
 */
export const VERIFICATION_PROVIDER_STEPS = ['none', 'to_open', 'with_provider', 'decided'] as const;
export const ZVerificationProviderState = z.object({
  name: z.enum(VERIFICATION_PROVIDER_NAMES),
  step: z.enum(VERIFICATION_PROVIDER_STEPS),
});
export type TVerificationProviderState = z.infer<typeof ZVerificationProviderState>;

export const ZVerificationStatus = z.object({
  state: ZVerificationState,
  /** Money and parts may move (the gates' rule). */
  verified: z.boolean(),
  declaration: ZVerificationDeclarationData.nullable(),
  documents: z.array(ZVerificationDocument),
  missing: z.array(z.enum(VERIFICATION_MISSING_ITEMS)),
  can_edit: z.boolean(),
  can_submit: z.boolean(),
  /** The expected yearly investment (EUR cents) from which the source of funds is asked for. */
  source_of_funds_threshold_minor: z.number().int(),
  submitted_at: z.string().nullable(),
  /** The last decision told to the member (approval, rejection, resubmission request, suspension). */
  last_decision: ZVerificationDecisionNote.nullable(),
  /**
   * The kinds the last request for new documents asked for that the member has not sent again since (decision 411):
   * the case cannot be sent back until this is empty.
   */
  documents_to_resend: z.array(ZVerificationDocumentKind),
  /** The provider configured on the server and this round's step with it (decision 345). */
  provider: ZVerificationProviderState,
});
export type TVerificationStatus = z.infer<typeof ZVerificationStatus>;

/** POST /user/verification/documents: multipart, one file, and its kind in the `kind` field. */
export const ZVerificationDocumentUploadFields = z.strictObject({ kind: ZVerificationDocumentKind });

// ---------------------------------------------------------------- compliance (operators)

export const ZRiskLevel = z.enum(RISK_LEVELS, { error: 'InvalidRequest' });

export const ZAdminVerificationsQuery = ZAdminPageQuery.extend({
  state: z.enum(VERIFICATION_STATES, { error: 'InvalidRequest' }).optional(),
  risk: ZRiskLevel.optional(),
  /** Only cases waiting for a second approval (high risk, approved once). */
  awaiting_second_approval: z.enum(['true', 'false'], { error: 'InvalidRequest' }).optional(),
  /** Cases submitted at least this many days ago (the queue's age filter). */
  older_than_days: z.coerce.number({ error: 'InvalidRequest' }).int().min(0).max(3650).optional(),
  q: safeText({ error: 'InvalidRequest' }).trim().max(100).optional(),
  ...sortParams(ADMIN_SORTS.verifications, 'submitted_at', 'asc'),
});

const ZRiskAssessment = z.object({
  level: ZRiskLevel,
  rule_version: z.string(),
  reasons: z.array(z.string()),
});

export const ZAdminVerificationRow = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), email: z.string(), name: z.string(), language: z.enum(LANGUAGES) }),
  state: ZVerificationState,
  risk: ZRiskLevel.nullable(),
  submitted_at: z.string().nullable(),
  updated_at: z.string(),
  /** Whole days since submission (null before it). */
  age_days: z.number().int().nullable(),
  first_approved_by: z.string().nullable(),
});
export const ZAdminVerifications = z.object({ verifications: z.array(ZAdminVerificationRow), total: z.number().int() });

export const ZVerificationEvent = z.object({
  id: z.string(),
  from_state: ZVerificationState,
  to_state: ZVerificationState,
  actor: z.enum(VERIFICATION_ACTORS),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  reason_code: z.enum(VERIFICATION_REASON_CODES),
  message: z.string(),
  /** The kinds a request for new documents asked for (decision 411); empty for every other event. */
  document_kinds: z.array(ZVerificationDocumentKind),
  at: z.string(),
});

/** The fields of a member's data a sanctions hit matched on (the sanctions module's rules). */
export const SANCTIONS_MATCHED_FIELDS = ['name', 'alias', 'birthDate', 'nationality'] as const;
export const SANCTIONS_HIT_STATES = ['open', 'confirmed', 'dismissed'] as const;

/** A screening hit as the case page shows it: what matched, in which list version, and every decision taken on it. */
export const ZSanctionsHit = z.object({
  id: z.string(),
  state: z.enum(SANCTIONS_HIT_STATES),
  score: z.number().int(),
  matched_fields: z.array(z.enum(SANCTIONS_MATCHED_FIELDS)),
  matched_name: z.string(),
  entry_logical_id: z.string(),
  eu_reference_number: z.string().nullable(),
  entry_names: z.array(z.string()),
  regulation: z.string().nullable(),
  programme: z.string().nullable(),
  list_version_id: z.string(),
  list_generated_at: z.string(),
  screening_reason: z.string(),
  screened_at: z.string(),
  /** The earlier hit whose decision this one carried over (same data, same entry), or null. */
  carried_from: z.string().nullable(),
  decisions: z.array(
    z.object({
      state: z.enum(['confirmed', 'dismissed']),
      operator_id: z.string(),
      operator_email: z.string().nullable(),
      reason: z.string(),
      decided_at: z.string(),
    }),
  ),
});

/** GET /admin/verifications/:id: the case a reviewer decides on. */
export const ZAdminVerificationCase = ZAdminVerificationRow.extend({
  declaration: ZVerificationDeclarationData.nullable(),
  risk_assessment: ZRiskAssessment.nullable(),
  documents: z.array(ZVerificationDocument),
  /** Documents the member replaced (kept: what an earlier review saw). */
  replaced_documents: z.array(ZVerificationDocument),
  history: z.array(ZVerificationEvent),
  /** High risk: the first approval is given; a second, different operator's approval decides. */
  awaiting_second_approval: z.boolean(),
  /** The member's sanctions screening hits, newest first (issue 29). */
  sanctions_hits: z.array(ZSanctionsHit),
});
export type TAdminVerificationCase = z.infer<typeof ZAdminVerificationCase>;
export type TAdminVerificationRow = z.infer<typeof ZAdminVerificationRow>;
export type TSanctionsHit = z.infer<typeof ZSanctionsHit>;

const memberMessage = multilineText({ error: 'VerificationMessageRequired' })
  .trim()
  .min(1, { error: 'VerificationMessageRequired' })
  .max(2000, { error: 'VerificationFieldTooLong' });
const optionalMessage = multilineText().trim().max(2000, { error: 'VerificationFieldTooLong' }).default('');

/** POST /admin/verifications/:id/approve (in review or suspended). The message is optional: approval says itself. */
export const ZApproveVerification = z.strictObject({
  reason_code: z.enum(VERIFICATION_APPROVE_REASONS, { error: 'VerificationReasonInvalid' }),
  message: optionalMessage,
});
/** POST /admin/verifications/:id/reject: the member is told why, in their language. */
export const ZRejectVerification = z.strictObject({
  reason_code: z.enum(VERIFICATION_REJECT_REASONS, { error: 'VerificationReasonInvalid' }),
  message: memberMessage,
});
/**
 * POST /admin/verifications/:id/request-resubmission: the member is told why, and which documents to send again (at
 * least one, each once, among those the case's identity document uses: decision 411).
 */
export const ZRequestResubmission = z.strictObject({
  reason_code: z.enum(VERIFICATION_RESUBMISSION_REASONS, { error: 'VerificationReasonInvalid' }),
  message: memberMessage,
  document_kinds: z
    .array(ZVerificationDocumentKind, { error: 'VerificationDocumentKindsRequired' })
    .min(1, { error: 'VerificationDocumentKindsRequired' })
    .max(VERIFICATION_DOCUMENT_KINDS.length, { error: 'VerificationDocumentKindInvalid' })
    .refine((kinds) => new Set(kinds).size === kinds.length, { error: 'VerificationDocumentKindInvalid' }),
});
export type TRequestResubmission = z.infer<typeof ZRequestResubmission>;
export const ZSuspendVerification = z.strictObject({
  reason_code: z.enum(VERIFICATION_SUSPEND_REASONS, { error: 'VerificationReasonInvalid' }),
  message: memberMessage,
});
export const ZCloseVerification = z.strictObject({
  reason_code: z.enum(VERIFICATION_CLOSE_REASONS, { error: 'VerificationReasonInvalid' }),
  message: memberMessage,
});
export const ZVerificationDocumentParams = z.strictObject({
  id: safeText().uuid({ error: 'NotFound' }),
  docId: safeText().uuid({ error: 'NotFound' }),
});

/** POST /admin/verifications/:id/hits/:hitId/dismiss|confirm. */
export const ZSanctionsHitParams = z.strictObject({
  id: safeText().uuid({ error: 'NotFound' }),
  hitId: safeText().uuid({ error: 'NotFound' }),
});
const hitReason = multilineText({ error: 'SanctionsHitReasonRequired' })
  .trim()
  .min(1, { error: 'SanctionsHitReasonRequired' })
  .max(2000, { error: 'VerificationFieldTooLong' });
/** A namesake: the reason says why the member is not the listed person (recorded with the hit, append-only). */
export const ZDismissSanctionsHit = z.strictObject({ reason: hitReason });
/**
 * The member is the listed person: the reason is recorded with the hit; the message goes to the member (in their
 * language) with the decision that freezes the case (rejected in review, suspended once approved).
 */
export const ZConfirmSanctionsHit = z.strictObject({ reason: hitReason, message: memberMessage });
/** GET /admin/verifications/:id/hits/export: the confirmed hits for the authority. */
export const ZSanctionsExportQuery = z.strictObject({
  format: z.enum(['csv', 'json'], { error: 'InvalidRequest' }).default('csv'),
});

/** GET /user/verification/export: what Parcelle holds about the member's verification (the documents are listed, not sent). */
export const ZVerificationExport = z.object({
  generated_at: z.string(),
  member: z.object({ id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string() }),
  state: ZVerificationState,
  declaration: ZVerificationDeclarationData.nullable(),
  risk_assessment: ZRiskAssessment.nullable(),
  documents: z.array(ZVerificationDocument.extend({ sha256: z.string(), replaced_at: z.string().nullable() })),
  history: z.array(ZVerificationEvent.omit({ actor_id: true, actor_email: true })),
  retention: z.object({ rule: z.string(), delete_after: z.string().nullable() }),
});

/**
 * POST /user/verification/provider-session (issue 29): the hosted identity check of the configured provider for the
 * member's own case, once it is in review and waiting for the provider. Sumsub: `access_token` starts its WebSDK
 * (`snsWebSdk.init(access_token, …)`), `url` is the same flow as a page of its own; both expire at `expires_at`.
 */
export const ZVerificationProviderSession = z.object({
  provider: z.enum(['sumsub']),
  applicant_id: z.string(),
  access_token: z.string(),
  url: z.string(),
  expires_at: z.string(),
});
export type TVerificationProviderSession = z.infer<typeof ZVerificationProviderSession>;
