import '../zod-config';
import { z } from 'zod';
import { CURRENCIES, LANGUAGES } from '../constants';
import {
  INVESTOR_CATEGORIES,
  INVESTOR_STEPS,
  KNOWLEDGE_QUESTIONS,
  SOPHISTICATION_CRITERIA,
  SOPHISTICATION_MIN_CRITERIA,
  SOPHISTICATION_REQUEST_STATES,
} from '../investor';
import { multilineText, safeText } from '../validation/fields';

/** The investor's protections (issue 30): the member's side under /api/user/investor, the console's under /api/admin. */

/** Amounts declared in the loss simulation: integer minor units, up to 10 billion in major units. */
const declaredMinor = z
  .number({ error: 'InvestorAmountInvalid' })
  .int({ error: 'InvestorAmountInvalid' })
  .min(0, { error: 'InvestorAmountInvalid' })
  .max(1_000_000_000_000, { error: 'InvestorAmountInvalid' });

export const ZLossSimulationRequest = z.strictObject({
  annual_income_minor: declaredMinor,
  liquid_assets_minor: declaredMinor,
  annual_commitments_minor: declaredMinor,
});
export type TLossSimulationRequest = z.input<typeof ZLossSimulationRequest>;

const questionIds = new Set(KNOWLEDGE_QUESTIONS.map((q) => q.id));

/** The member's answers: one option per question, every question answered (the server scores them). */
export const ZKnowledgeTestRequest = z.strictObject({
  version: safeText({ error: 'KnowledgeTestOutdated' }).max(40, { error: 'KnowledgeTestOutdated' }),
  answers: z
    .record(z.string().max(40), safeText().max(40))
    .refine((answers) => Object.keys(answers).every((id) => questionIds.has(id)), { error: 'KnowledgeTestIncomplete' })
    .refine(
      (answers) =>
        KNOWLEDGE_QUESTIONS.every((q) => {
          const answer = answers[q.id];
          return answer !== undefined && q.options.some((option) => option.id === answer);
        }),
      { error: 'KnowledgeTestIncomplete' },
    ),
});
export type TKnowledgeTestRequest = z.input<typeof ZKnowledgeTestRequest>;

/** Acknowledging a warning: the version of the text the member read (the server hashes its own copy of it). */
export const ZWarningAcknowledgement = z.strictObject({
  version: safeText({ error: 'WarningOutdated' }).min(1, { error: 'WarningOutdated' }).max(40),
  language: z.enum(LANGUAGES).optional(),
});
export type TWarningAcknowledgement = z.input<typeof ZWarningAcknowledgement>;

export const ZSophisticationRequest = z.strictObject({
  criteria: z
    .array(z.enum(SOPHISTICATION_CRITERIA, { error: 'SophisticationCriteriaMissing' }))
    .min(SOPHISTICATION_MIN_CRITERIA, { error: 'SophisticationCriteriaMissing' })
    .max(SOPHISTICATION_CRITERIA.length)
    .refine((list) => new Set(list).size === list.length, { error: 'SophisticationCriteriaMissing' }),
  statement: multilineText({ error: 'SophisticationStatementRequired' })
    .trim()
    .min(20, { error: 'SophisticationStatementRequired' })
    .max(4000, { error: 'VerificationFieldTooLong' }),
  /** The member confirms the information is true and that they lose the protections of non-sophisticated investors. */
  accepted: z.literal(true, { error: 'SophisticationAcceptanceRequired' }),
});
export type TSophisticationRequest = z.input<typeof ZSophisticationRequest>;

const ZWarning = z.object({ version: z.string(), en: z.string(), fr: z.string() });

/** A file of evidence attached to a sophistication request (its bytes only through the authorised download routes). */
export const ZSophisticationDocument = z.object({
  id: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  uploaded_at: z.string(),
});
export type TSophisticationDocument = z.infer<typeof ZSophisticationDocument>;

export const ZSophisticationDocumentParams = z.strictObject({
  id: safeText().uuid({ error: 'NotFound' }),
  docId: safeText().uuid({ error: 'NotFound' }),
});
export const ZSophisticationRequestParams = z.strictObject({ id: safeText().uuid({ error: 'NotFound' }) });

export const ZSophisticationRequestView = z.object({
  id: z.string(),
  state: z.enum(SOPHISTICATION_REQUEST_STATES),
  criteria: z.array(z.enum(SOPHISTICATION_CRITERIA)),
  statement: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  valid_until: z.string().nullable(),
  /** Why a request was rejected, in the operator's words (shown to the member). */
  reason: z.string().nullable(),
  /** The evidence attached (Annex II), oldest first. */
  documents: z.array(ZSophisticationDocument),
});

export const ZInvestorProfile = z.object({
  /** Which protections are on (configuration, decision 301). */
  protections: z.object({
    category: z.boolean(),
    knowledge_test: z.boolean(),
    loss_simulation: z.boolean(),
    investment_warning: z.boolean(),
  }),
  category: z.enum(INVESTOR_CATEGORIES),
  /** The latest sophistication request, if any. */
  sophistication: ZSophisticationRequestView.nullable(),
  knowledge_test: z
    .object({
      version: z.string(),
      passed: z.boolean(),
      score: z.number().int(),
      max_score: z.number().int(),
      taken_at: z.string(),
      valid_until: z.string(),
      expired: z.boolean(),
      /** Failed: whether the risk warning was acknowledged (then the member may invest). */
      warning_acknowledged: z.boolean(),
    })
    .nullable(),
  loss_simulation: z
    .object({
      currency: z.enum(CURRENCIES),
      annual_income_minor: z.number().int(),
      liquid_assets_minor: z.number().int(),
      annual_commitments_minor: z.number().int(),
      net_worth_minor: z.number().int(),
      loss_capacity_minor: z.number().int(),
      created_at: z.string(),
      valid_until: z.string(),
      expired: z.boolean(),
    })
    .nullable(),
  /** What is still to do before investing (empty: ready). */
  missing: z.array(z.enum(INVESTOR_STEPS)),
  ready: z.boolean(),
  /** The per-investment warning: above this amount (EUR minor units) a non-sophisticated investor is warned. Null: never. */
  investment_warning_threshold_minor: z.number().int().nullable(),
  current_test_version: z.string(),
  warnings: z.object({ knowledge_test_risk_warning: ZWarning, investment_warning: ZWarning }),
});
export type TInvestorProfile = z.infer<typeof ZInvestorProfile>;

export const ZInvestmentWarningQuery = z.strictObject({
  amount_minor: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  currency: z.enum(CURRENCIES),
});

export const ZInvestmentWarningCheck = z.object({
  required: z.boolean(),
  /** The threshold in the asked currency (minor units); null when the warning never applies to this member. */
  threshold_minor: z.number().int().nullable(),
  currency: z.enum(CURRENCIES),
  warning: ZWarning,
});
export type TInvestmentWarningCheck = z.infer<typeof ZInvestmentWarningCheck>;

/** The optional consent that travels with a purchase, a bid or an accepted ask (decision 305). */
export const ZRiskWarningConsent = z.strictObject({
  version: safeText({ error: 'WarningOutdated' }).min(1, { error: 'WarningOutdated' }).max(40),
  /** The language the text was shown in (default: the member's). */
  language: z.enum(LANGUAGES).optional(),
});
export type TRiskWarningConsent = z.input<typeof ZRiskWarningConsent>;

// --------------------------------------------------------------------------------------------------- console

export const ZAdminSophisticationRequest = ZSophisticationRequestView.extend({
  member_id: z.string(),
  member_email: z.string(),
  member_name: z.string(),
  decided_by: z.string().nullable(),
});
export const ZAdminSophisticationRequests = z.object({
  items: z.array(ZAdminSophisticationRequest),
  total: z.number().int(),
});
export const ZAdminSophisticationQuery = z.strictObject({
  state: z.enum(SOPHISTICATION_REQUEST_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const ZDecideSophistication = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  reason: safeText().trim().max(500).optional(),
});

export const ZAdminConsent = z.object({
  id: z.string(),
  kind: z.string(),
  text_version: z.string(),
  text_hash: z.string(),
  language: z.enum(LANGUAGES),
  session_id: z.string().nullable(),
  reference: z.string().nullable(),
  amount_minor: z.number().int().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  created_at: z.string(),
});
export const ZAdminConsents = z.object({ items: z.array(ZAdminConsent) });
