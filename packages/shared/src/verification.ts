import { countryName } from './countries';
/**
 * Identity verification (issue 29): the states of a member's case and the one table of the transitions between them.
 * Every rule that asks "may this member move money?" or "may this step happen?" reads the state by its name here;
 * nothing compares states by order or number.
 *
 *   not_started → collecting → submitted → in_review → approved | rejected | resubmission_requested
 *   resubmission_requested → collecting
 *   approved → suspended (a new sanctions hit, a provider's late decision, an operator's finding)
 *   suspended → approved | closed
 */
export const VerificationState = {
  NotStarted: 'not_started',
  Collecting: 'collecting',
  Submitted: 'submitted',
  InReview: 'in_review',
  Approved: 'approved',
  Rejected: 'rejected',
  ResubmissionRequested: 'resubmission_requested',
  Suspended: 'suspended',
  Closed: 'closed',
} as const;
export type VerificationState = (typeof VerificationState)[keyof typeof VerificationState];
export const VERIFICATION_STATES = Object.values(VerificationState) as [VerificationState, ...VerificationState[]];

/** Who made a transition: the member themself, a compliance operator, or the platform (a job, a provider's answer). */
export const VerificationActor = { Member: 'member', Operator: 'operator', System: 'system' } as const;
export type VerificationActor = (typeof VerificationActor)[keyof typeof VerificationActor];
export const VERIFICATION_ACTORS = Object.values(VerificationActor) as [VerificationActor, ...VerificationActor[]];

const S = VerificationState;
const A = VerificationActor;

/** The one table: each allowed move and who may make it. Anything not listed is refused. */
export const VERIFICATION_TRANSITIONS: readonly {
  from: VerificationState;
  to: VerificationState;
  by: readonly VerificationActor[];
}[] = [
  { from: S.NotStarted, to: S.Collecting, by: [A.Member] },
  { from: S.Collecting, to: S.Submitted, by: [A.Member] },
  // The provider takes the case (manual: the console's queue), or screening found a possible hit.
  { from: S.Submitted, to: S.InReview, by: [A.System] },
  // A provider's decision arrives as the system; the manual provider's decisions are operators'.
  { from: S.InReview, to: S.Approved, by: [A.Operator, A.System] },
  { from: S.InReview, to: S.Rejected, by: [A.Operator, A.System] },
  { from: S.InReview, to: S.ResubmissionRequested, by: [A.Operator, A.System] },
  { from: S.ResubmissionRequested, to: S.Collecting, by: [A.Member] },
  { from: S.Approved, to: S.Suspended, by: [A.Operator, A.System] },
  { from: S.Suspended, to: S.Approved, by: [A.Operator] },
  { from: S.Suspended, to: S.Closed, by: [A.Operator] },
];

export function canTransitionVerification(
  from: VerificationState,
  to: VerificationState,
  actor: VerificationActor,
): boolean {
  return VERIFICATION_TRANSITIONS.some((step) => step.from === from && step.to === to && step.by.includes(actor));
}

/** The states a member may still add or change declared data and documents in. */
export const EDITABLE_VERIFICATION_STATES: readonly VerificationState[] = [
  S.NotStarted,
  S.Collecting,
  S.ResubmissionRequested,
];

/** Money and parts may move only for an approved member (not suspended, not closed, not still in review). */
export function mayMoveMoney(state: VerificationState): boolean {
  return state === S.Approved;
}

/**
 * Reason codes of transitions (`verification_events.reason_code`). The operator's decisions pick from the lists below;
 * the member's and the platform's own steps use the first group.
 */
export const VERIFICATION_STEP_REASONS = [
  'member_started',
  'member_submitted',
  'member_resumed',
  'provider_review',
  'sent_to_provider',
  'provider_approved',
  'provider_approved_needs_review',
  'provider_rejected',
  'provider_resubmission',
  'sanctions_hit',
  'first_approval',
  'provider_late_decision',
  'new_sanctions_hit',
  'retention_deleted',
  'seeded',
] as const;

export const VERIFICATION_APPROVE_REASONS = [
  'documents_verified',
  'enhanced_due_diligence_complete',
  'hit_cleared',
] as const;
export const VERIFICATION_REJECT_REASONS = [
  'identity_not_established',
  'document_forged',
  'sanctions_confirmed',
  'risk_not_acceptable',
  'under_age',
] as const;
export const VERIFICATION_RESUBMISSION_REASONS = [
  'document_unreadable',
  'document_expired',
  'document_incomplete',
  'address_proof_too_old',
  'data_mismatch',
  'enhanced_due_diligence_needed',
] as const;
export const VERIFICATION_SUSPEND_REASONS = [
  'adverse_information',
  'sanctions_possible_hit',
  'document_revoked',
] as const;
export const VERIFICATION_CLOSE_REASONS = ['sanctions_confirmed', 'risk_not_acceptable', 'relationship_ended'] as const;

export const VERIFICATION_REASON_CODES = [
  ...VERIFICATION_STEP_REASONS,
  ...VERIFICATION_APPROVE_REASONS,
  ...VERIFICATION_REJECT_REASONS,
  ...VERIFICATION_RESUBMISSION_REASONS,
  ...VERIFICATION_SUSPEND_REASONS,
  ...VERIFICATION_CLOSE_REASONS,
] as const;
export type VerificationReasonCode = (typeof VERIFICATION_REASON_CODES)[number];

/** Risk rating (written rules: apps/api/src/modules/verification/risk-rules.ts). */
export const RISK_LEVELS = ['low', 'standard', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** The files a case needs: a passport's photo page, or an ID card's two sides; a proof of address under 3 months. */
export const VERIFICATION_DOCUMENT_KINDS = ['identity_front', 'identity_back', 'proof_of_address'] as const;
export type VerificationDocumentKind = (typeof VERIFICATION_DOCUMENT_KINDS)[number];
export const IDENTITY_DOCUMENT_TYPES = ['passport', 'id_card'] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];

/** What is missing before a case can be submitted (`missing` of GET /user/verification). */
export const VERIFICATION_MISSING_ITEMS = ['declared_data', 'source_of_funds', ...VERIFICATION_DOCUMENT_KINDS] as const;
export type VerificationMissingItem = (typeof VERIFICATION_MISSING_ITEMS)[number];

/** The documents a case needs for its identity document type. */
export function requiredDocuments(type: IdentityDocumentType | null): VerificationDocumentKind[] {
  return type === 'passport'
    ? ['identity_front', 'proof_of_address']
    : ['identity_front', 'identity_back', 'proof_of_address'];
}

/** The web page that resolves a verification gate (named in every 403 a gate answers). */
export const VERIFICATION_PAGE = '/user/verification';

/** File limits of a verification document (checked by content, not by name or declared type). */
export const VERIFICATION_DOCUMENT_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  /** A readable photo of a document: at least this many pixels on its shorter and longer sides. */
  minShortSide: 400,
  minLongSide: 600,
  /** Decoding bombs: nothing over this many pixels is decoded. */
  maxPixels: 50_000_000,
  contentTypes: ['image/jpeg', 'image/png', 'application/pdf'],
} as const;

/**
 * What is wrong with a document file before it is sent, by its size and declared type, or null (the server reads its
 * content again). One rule for identity documents and investor evidence, which share these limits; each page says it
 * in its own words. Some phones give no type: then only the server can tell.
 */
export type DocumentFileProblem = 'empty' | 'too_large' | 'wrong_type';
export function documentFileProblem(file: { size: number; type: string }): DocumentFileProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > VERIFICATION_DOCUMENT_LIMITS.maxBytes) return 'too_large';
  const types: readonly string[] = VERIFICATION_DOCUMENT_LIMITS.contentTypes;
  if (file.type && !types.includes(file.type)) return 'wrong_type';
  return null;
}

type Words = { en: string; fr: string };

/** Each state's name, for the member's page and the console. */
export const VERIFICATION_STATE_LABELS: Record<VerificationState, Words> = {
  not_started: { en: 'Not started', fr: 'Non commencée' },
  collecting: { en: 'In progress', fr: 'En cours' },
  submitted: { en: 'Sent', fr: 'Envoyée' },
  in_review: { en: 'Being reviewed', fr: 'En cours d’examen' },
  approved: { en: 'Verified', fr: 'Vérifiée' },
  rejected: { en: 'Not verified', fr: 'Non vérifiée' },
  resubmission_requested: { en: 'More needed', fr: 'À compléter' },
  suspended: { en: 'Suspended', fr: 'Suspendue' },
  closed: { en: 'Closed', fr: 'Close' },
};

/** What is missing before submitting, as the member's page lists it. */
export const VERIFICATION_MISSING_LABELS: Record<VerificationMissingItem, Words> = {
  declared_data: { en: 'Your personal information', fr: 'Vos informations personnelles' },
  source_of_funds: { en: 'The source of your funds', fr: 'L’origine de vos fonds' },
  identity_front: {
    en: 'Your identity document (front, or passport photo page)',
    fr: 'Votre pièce d’identité (recto, ou page photo du passeport)',
  },
  identity_back: { en: 'The back of your identity card', fr: 'Le verso de votre carte d’identité' },
  proof_of_address: {
    en: 'A proof of address under 3 months old',
    fr: 'Un justificatif de domicile de moins de 3 mois',
  },
};

/** The rules of the risk rating (apps/api/src/modules/verification/risk-rules.ts), each by the name it records. */
export const RISK_RULES = [
  'pep',
  'pep_close_associate',
  'high_risk_country',
  'amount_high',
  'source_of_funds_unexplained',
  'country_outside_eea',
  'amount_standard',
  'eea_and_small_amounts',
] as const;
export type RiskRule = (typeof RISK_RULES)[number];
/** A reason as recorded: the rule, and for the country rules the ISO code after a colon. */
export type RiskReason = RiskRule | `${RiskRule}:${string}`;

/** Each rule's words for the compliance officer; `{country}` is the country's name in the reader's language. */
export const RISK_RULE_LABELS: Record<RiskRule, Words> = {
  pep: { en: 'Politically exposed person', fr: 'Personne politiquement exposée' },
  pep_close_associate: {
    en: 'Family member or close associate of a politically exposed person',
    fr: 'Proche ou associé d’une personne politiquement exposée',
  },
  high_risk_country: { en: 'High-risk country: {country}', fr: 'Pays à haut risque\u00a0: {country}' },
  amount_high: {
    en: 'Expected yearly investment at the high-risk level',
    fr: 'Investissement annuel prévu au niveau de risque élevé',
  },
  source_of_funds_unexplained: {
    en: 'Source of funds “other” for a large expected investment',
    fr: 'Origine des fonds «\u00a0autre\u00a0» pour un investissement prévu important',
  },
  country_outside_eea: {
    en: 'Country outside the European Economic Area: {country}',
    fr: 'Pays hors de l’Espace économique européen\u00a0: {country}',
  },
  amount_standard: {
    en: 'Expected yearly investment above the low-risk level',
    fr: 'Investissement annuel prévu au-dessus du niveau de risque faible',
  },
  eea_and_small_amounts: {
    en: 'European Economic Area and small amounts',
    fr: 'Espace économique européen et petits montants',
  },
};

/**
 * A recorded reason (`rule` or `rule:XX` with an ISO country code) in words: the country named in the reader's
 * language. A reason of a rule this version does not know is shown as recorded, never hidden.
 */
export function riskReasonText(reason: string, language: 'en' | 'fr'): string {
  const [rule, country] = reason.split(':', 2);
  if (!(RISK_RULES as readonly string[]).includes(rule ?? '')) return reason;
  const words = RISK_RULE_LABELS[rule as RiskRule][language];
  if (!country) return words;
  return words.replace('{country}', countryName(country, language) ?? country);
}

/** Each reason code's words: the console's choices and the history, the member's page for the decisions. */
export const VERIFICATION_REASON_LABELS: Record<VerificationReasonCode, Words> = {
  member_started: { en: 'Started by the member', fr: 'Commencée par le membre' },
  member_submitted: { en: 'Sent by the member', fr: 'Envoyée par le membre' },
  member_resumed: { en: 'Resumed by the member', fr: 'Reprise par le membre' },
  provider_review: { en: 'Sent for review', fr: 'Transmise pour examen' },
  sent_to_provider: {
    en: 'Sent to the verification provider',
    fr: 'Transmise au prestataire de vérification',
  },
  provider_approved: {
    en: 'Approved by the verification provider',
    fr: 'Approuvée par le prestataire de vérification',
  },
  provider_approved_needs_review: {
    en: 'Approved by the verification provider; a compliance review is required',
    fr: 'Approuvée par le prestataire de vérification\u00a0; un examen conformité est requis',
  },
  provider_rejected: {
    en: 'Rejected by the verification provider',
    fr: 'Refusée par le prestataire de vérification',
  },
  provider_resubmission: {
    en: 'The verification provider asks for new documents',
    fr: 'Le prestataire de vérification demande de nouveaux documents',
  },
  sanctions_hit: { en: 'Possible sanctions list match', fr: 'Correspondance possible avec une liste de sanctions' },
  first_approval: { en: 'First approval (a second is needed)', fr: 'Première approbation (une seconde est requise)' },
  provider_late_decision: {
    en: 'Late decision of the verification provider',
    fr: 'Décision tardive du prestataire de vérification',
  },
  new_sanctions_hit: { en: 'New sanctions list match', fr: 'Nouvelle correspondance avec une liste de sanctions' },
  retention_deleted: {
    en: 'Documents deleted after the retention period',
    fr: 'Documents supprimés après la durée de conservation',
  },
  seeded: { en: 'Approved by the development seed', fr: 'Approuvée par les données de développement' },
  documents_verified: { en: 'Documents verified', fr: 'Documents vérifiés' },
  enhanced_due_diligence_complete: { en: 'Enhanced due diligence complete', fr: 'Vigilance renforcée terminée' },
  hit_cleared: { en: 'Possible match cleared', fr: 'Correspondance possible écartée' },
  identity_not_established: { en: 'Identity could not be established', fr: 'L’identité n’a pas pu être établie' },
  document_forged: { en: 'Document not genuine', fr: 'Document non authentique' },
  sanctions_confirmed: {
    en: 'Sanctions list match confirmed',
    fr: 'Correspondance avec une liste de sanctions confirmée',
  },
  risk_not_acceptable: { en: 'Risk not acceptable', fr: 'Risque non acceptable' },
  under_age: { en: 'Under 18', fr: 'Moins de 18 ans' },
  document_unreadable: { en: 'Document unreadable', fr: 'Document illisible' },
  document_expired: { en: 'Document expired', fr: 'Document expiré' },
  document_incomplete: { en: 'Document incomplete', fr: 'Document incomplet' },
  address_proof_too_old: {
    en: 'Proof of address older than 3 months',
    fr: 'Justificatif de domicile de plus de 3 mois',
  },
  data_mismatch: {
    en: 'Information does not match the documents',
    fr: 'Les informations ne correspondent pas aux documents',
  },
  enhanced_due_diligence_needed: {
    en: 'More information needed (enhanced due diligence)',
    fr: 'Informations complémentaires requises (vigilance renforcée)',
  },
  adverse_information: { en: 'Adverse information', fr: 'Information défavorable' },
  sanctions_possible_hit: {
    en: 'Possible sanctions list match',
    fr: 'Correspondance possible avec une liste de sanctions',
  },
  document_revoked: { en: 'Document revoked', fr: 'Document révoqué' },
  relationship_ended: { en: 'Relationship ended', fr: 'Fin de la relation d’affaires' },
};

/** The risk levels' words. */
export const RISK_LEVEL_LABELS: Record<RiskLevel, Words> = {
  low: { en: 'Low', fr: 'Faible' },
  standard: { en: 'Standard', fr: 'Standard' },
  high: { en: 'High', fr: 'Élevé' },
};
