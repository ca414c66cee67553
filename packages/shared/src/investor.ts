/**
 * The investor's own protections (issue 30, decisions 300+): the investor category, the entry knowledge test, the
 * simulation of the capacity to bear loss, the warnings and the threshold of the per-investment warning. Rules and
 * texts shared by the API (the authority) and the web app (which shows them). The knowledge test's answer key is not
 * here: it stays on the server (modules/investor/knowledge-test.ts), so no client can score itself.
 */

type Words = { en: string; fr: string };

/** The web page that resolves every investor gate (named in each 403 the gate answers). */
export const INVESTOR_PAGE = '/user/investor-profile';

export const INVESTOR_CATEGORIES = ['non_sophisticated', 'sophisticated'] as const;
export type InvestorCategory = (typeof INVESTOR_CATEGORIES)[number];

/** A member's request to be treated as a sophisticated investor: pending until a compliance operator decides. */
export const SOPHISTICATION_REQUEST_STATES = ['pending', 'approved', 'rejected'] as const;
export type SophisticationRequestState = (typeof SOPHISTICATION_REQUEST_STATES)[number];

/**
 * Annex II of Regulation (EU) 2020/1503, natural persons: at least two of these. The member declares which apply and
 * explains; a compliance operator checks the evidence before approving.
 */
export const SOPHISTICATION_CRITERIA = [
  'income_or_portfolio',
  'financial_sector_experience',
  'market_transactions',
] as const;
export type SophisticationCriterion = (typeof SOPHISTICATION_CRITERIA)[number];
export const SOPHISTICATION_MIN_CRITERIA = 2;

/**
 * The evidence a member attaches to a sophistication request (decision 328): the verification documents' files and
 * checks (JPEG, PNG or PDF by content, `VERIFICATION_DOCUMENT_LIMITS`), at most this many per request.
 */
export const SOPHISTICATION_MAX_DOCUMENTS = 10;

export const SOPHISTICATION_CRITERIA_LABELS: Record<SophisticationCriterion, Words> = {
  income_or_portfolio: {
    en: 'A gross personal income of at least €60,000 a year, or a portfolio of financial instruments, cash deposits included, above €100,000',
    fr: 'Un revenu brut personnel d’au moins 60 000 € par an, ou un portefeuille d’instruments financiers, dépôts compris, de plus de 100 000 €',
  },
  financial_sector_experience: {
    en: 'At least one year of work in the financial sector in a position that needs knowledge of these investments, or 12 months as an executive of a sophisticated company',
    fr: 'Au moins un an d’activité dans le secteur financier à un poste exigeant la connaissance de ces investissements, ou 12 mois de direction d’une entreprise avertie',
  },
  market_transactions: {
    en: 'Transactions of significant size on capital markets, on average 10 per quarter over the last four quarters',
    fr: 'Des transactions d’une taille significative sur les marchés de capitaux, en moyenne 10 par trimestre sur les quatre derniers trimestres',
  },
};

/** The steps an investor gate can name (each resolved on INVESTOR_PAGE). */
export const INVESTOR_STEPS = [
  'investor_knowledge_test',
  'investor_risk_warning',
  'investor_loss_simulation',
  'investment_warning',
] as const;
export type InvestorStep = (typeof INVESTOR_STEPS)[number];

// ------------------------------------------------------------------------------------------- the knowledge test

export type KnowledgeQuestion = {
  id: string;
  /** `profile` questions describe the member (kept, not scored); `knowledge` questions are scored. */
  kind: 'profile' | 'knowledge';
  text: Words;
  /** What the question is for, shown under it. */
  help: Words;
  options: { id: string; text: Words }[];
};

/** The questionnaire's version: a new text is a new version, and each result is kept with the version answered. */
export const KNOWLEDGE_TEST_VERSION = 'kt-2026-11';

export const KNOWLEDGE_QUESTIONS: readonly KnowledgeQuestion[] = [
  {
    id: 'experience',
    kind: 'profile',
    text: {
      en: 'Have you invested before in assets that are not listed on a stock exchange (art, collectibles, unlisted companies, crowdfunding)?',
      fr: 'Avez-vous déjà investi dans des actifs non cotés en bourse (art, objets de collection, sociétés non cotées, financement participatif)\u00a0?',
    },
    help: { en: 'Your experience with such investments.', fr: 'Votre expérience de ces investissements.' },
    options: [
      { id: 'never', text: { en: 'Never', fr: 'Jamais' } },
      { id: 'few', text: { en: 'A few times', fr: 'Quelques fois' } },
      { id: 'regularly', text: { en: 'Regularly', fr: 'Régulièrement' } },
    ],
  },
  {
    id: 'objective',
    kind: 'profile',
    text: {
      en: 'What do you mainly expect from owning parts of a painting?',
      fr: 'Qu’attendez-vous surtout de la détention de parts d’un tableau\u00a0?',
    },
    help: { en: 'Your investment objectives.', fr: 'Vos objectifs d’investissement.' },
    options: [
      { id: 'diversification', text: { en: 'To diversify my savings', fr: 'Diversifier mon épargne' } },
      { id: 'long_term', text: { en: 'Value growth over many years', fr: 'Une valorisation sur plusieurs années' } },
      { id: 'passion', text: { en: 'Sharing in art I love', fr: 'Partager des œuvres que j’aime' } },
      { id: 'quick_profit', text: { en: 'A quick profit', fr: 'Un gain rapide' } },
    ],
  },
  {
    id: 'total_loss',
    kind: 'knowledge',
    text: {
      en: 'If the painting loses its value or cannot be sold, how much of what you invested can you lose?',
      fr: 'Si le tableau perd sa valeur ou ne trouve pas d’acheteur, quelle part de votre investissement pouvez-vous perdre\u00a0?',
    },
    help: { en: 'What a total loss means.', fr: 'Ce que signifie une perte totale.' },
    options: [
      { id: 'none', text: { en: 'Nothing: it is refunded', fr: 'Rien\u00a0: il est remboursé' } },
      { id: 'part', text: { en: 'At most a small part', fr: 'Au plus une petite partie' } },
      { id: 'all', text: { en: 'All of it', fr: 'La totalité' } },
    ],
  },
  {
    id: 'illiquidity',
    kind: 'knowledge',
    text: {
      en: 'Can you get your money back whenever you want?',
      fr: 'Pouvez-vous récupérer votre argent quand vous le souhaitez\u00a0?',
    },
    help: { en: 'What illiquidity means.', fr: 'Ce que signifie l’illiquidité.' },
    options: [
      { id: 'anytime', text: { en: 'Yes, at any time', fr: 'Oui, à tout moment' } },
      {
        id: 'if_buyer',
        text: {
          en: 'Only if someone buys my parts or the work is sold',
          fr: 'Seulement si quelqu’un achète mes parts ou si l’œuvre est vendue',
        },
      },
      { id: 'after_a_year', text: { en: 'Yes, after one year, guaranteed', fr: 'Oui, après un an, garanti' } },
    ],
  },
  {
    id: 'deposit_guarantee',
    kind: 'knowledge',
    text: {
      en: 'Is the money you invest in parts covered by a deposit guarantee scheme, as a bank account is?',
      fr: 'L’argent investi dans des parts est-il couvert par une garantie des dépôts, comme un compte bancaire\u00a0?',
    },
    help: { en: 'What no deposit guarantee means.', fr: 'Ce que signifie l’absence de garantie des dépôts.' },
    options: [
      { id: 'yes', text: { en: 'Yes, up to €100,000', fr: 'Oui, jusqu’à 100 000 €' } },
      { id: 'no', text: { en: 'No', fr: 'Non' } },
      { id: 'partly', text: { en: 'Partly, up to €1,000', fr: 'En partie, jusqu’à 1 000 €' } },
    ],
  },
  {
    id: 'secondary_market',
    kind: 'knowledge',
    text: {
      en: 'You offer your parts for sale on Parcelle’s market and nobody wants them. What happens?',
      fr: 'Vous proposez vos parts à la vente sur le marché de Parcelle et personne n’en veut. Que se passe-t-il\u00a0?',
    },
    help: {
      en: 'What a secondary market without buyers means.',
      fr: 'Ce que signifie un marché secondaire sans acheteurs.',
    },
    options: [
      { id: 'platform_buys', text: { en: 'Parcelle buys them back', fr: 'Parcelle les rachète' } },
      {
        id: 'unsold',
        text: { en: 'They stay unsold, possibly for a long time', fr: 'Elles restent invendues, peut-être longtemps' },
      },
      {
        id: 'price_kept',
        text: { en: 'They are sold later at the price I asked', fr: 'Elles sont vendues plus tard au prix demandé' },
      },
    ],
  },
  {
    id: 'concentration',
    kind: 'knowledge',
    text: {
      en: 'How much of your savings is it prudent to put into a single painting?',
      fr: 'Quelle part de votre épargne est-il prudent de placer dans un seul tableau\u00a0?',
    },
    help: { en: 'Why spreading risk matters.', fr: 'Pourquoi répartir les risques.' },
    options: [
      { id: 'most', text: { en: 'Most of it', fr: 'L’essentiel' } },
      { id: 'small', text: { en: 'Only a small share', fr: 'Une petite part seulement' } },
      { id: 'all', text: { en: 'All of it: art is safe', fr: 'Toute\u00a0: l’art est sûr' } },
    ],
  },
  {
    id: 'past_returns',
    kind: 'knowledge',
    text: {
      en: 'Does a painting’s past rise in value guarantee its future value?',
      fr: 'La hausse passée de la valeur d’un tableau garantit-elle sa valeur future\u00a0?',
    },
    help: { en: 'Past results and future returns.', fr: 'Résultats passés et rendements futurs.' },
    options: [
      { id: 'yes', text: { en: 'Yes', fr: 'Oui' } },
      { id: 'no', text: { en: 'No', fr: 'Non' } },
    ],
  },
];

/** The scored questions the member must get right, at least, to pass. */
export const KNOWLEDGE_TEST_PASS_MARK = 5;
export const KNOWLEDGE_TEST_MAX_SCORE = KNOWLEDGE_QUESTIONS.filter((q) => q.kind === 'knowledge').length;

// ------------------------------------------------------------------------------------------------ the warnings

export type WarningText = { version: string; en: string; fr: string };

/**
 * The warnings an investor acknowledges, by kind. A changed text is a new version; the consent log keeps the version
 * and the SHA-256 of the exact text shown, in the language shown.
 */
export const INVESTOR_WARNINGS = {
  /** Regulation (EU) 2020/1503 art. 21(5): after a failed (or unanswered) knowledge test. */
  knowledge_test_risk_warning: {
    version: 'rw-kt-2026-11',
    en:
      'Warning: on the basis of your answers, investing in parts of paintings may not be appropriate for you. ' +
      'You may lose all the money you invest. Parts are not covered by any deposit guarantee or investor ' +
      'compensation scheme, you may be unable to sell them when you want, and past values do not guarantee future ones. ' +
      'Invest only what you can afford to lose entirely.',
    fr:
      'Avertissement\u00a0: au vu de vos réponses, l’investissement dans des parts de tableaux peut ne pas vous convenir. ' +
      'Vous pouvez perdre la totalité de l’argent investi. Les parts ne sont couvertes par aucun système de garantie ' +
      'des dépôts ni d’indemnisation des investisseurs, vous pourriez ne pas pouvoir les revendre quand vous le ' +
      'souhaitez, et les valeurs passées ne préjugent pas des valeurs futures. N’investissez que ce que vous pouvez ' +
      'vous permettre de perdre entièrement.',
  },
  /** Regulation (EU) 2020/1503 art. 21(7): an investment above max(€1,000, 5 % of the net worth declared). */
  investment_warning: {
    version: 'rw-inv-2026-11',
    en:
      'Warning: this investment is above €1,000 or 5% of the net worth you declared, whichever is higher. ' +
      'You may lose all of it, you may be unable to sell your parts when you want, and no deposit guarantee covers it. ' +
      'By continuing, you confirm that you understand this investment and its risks and that you choose to make it.',
    fr:
      'Avertissement\u00a0: cet investissement dépasse 1 000 € ou 5\u00a0% du patrimoine net que vous avez déclaré, ' +
      'le plus élevé des deux. Vous pouvez le perdre entièrement, vous pourriez ne pas pouvoir revendre vos parts ' +
      'quand vous le souhaitez, et aucune garantie des dépôts ne le couvre. En continuant, vous confirmez comprendre ' +
      'cet investissement et ses risques, et choisir de le faire.',
  },
} as const satisfies Record<string, WarningText>;
export type InvestorWarningKind = keyof typeof INVESTOR_WARNINGS;

// ------------------------------------------------------------------------------- loss simulation and threshold

/**
 * Delegated Regulation (EU) 2022/2114 art. 6: net worth = yearly income + liquid assets − yearly financial
 * commitments, in one currency's minor units. May be negative (then nothing can be lost without hardship).
 */
export function netWorthMinor(input: { incomeMinor: number; liquidAssetsMinor: number; commitmentsMinor: number }) {
  return input.incomeMinor + input.liquidAssetsMinor - input.commitmentsMinor;
}

/** The capacity to bear loss: 10 % of the net worth, rounded down, never below zero. */
export function lossCapacityMinor(netWorth: number): number {
  return netWorth <= 0 ? 0 : Math.floor(netWorth / 10);
}

/** The per-investment warning's parameters: €1,000 (EUR minor units) and 5 % (basis points) by default. */
export type InvestmentWarningRule = { floorMinor: number; netWorthBps: number };
export const INVESTMENT_WARNING_RULE: InvestmentWarningRule = { floorMinor: 100_000, netWorthBps: 500 };

/** The amount (EUR minor units) above which an investment needs the warning: max(floor, bps of net worth), net worth in EUR. */
export function investmentWarningThresholdMinor(netWorthEurMinor: number, rule: InvestmentWarningRule): number {
  const share = netWorthEurMinor <= 0 ? 0 : Math.floor((netWorthEurMinor * rule.netWorthBps) / 10_000);
  return Math.max(rule.floorMinor, share);
}

/** Whether an investment of `amountEurMinor` needs the warning: strictly above the threshold. */
export function needsInvestmentWarning(
  amountEurMinor: number,
  netWorthEurMinor: number,
  rule: InvestmentWarningRule,
): boolean {
  return amountEurMinor > investmentWarningThresholdMinor(netWorthEurMinor, rule);
}

/** When a record made at `from` stops being valid, `months` later (calendar months, UTC). */
export function validUntil(from: Date, months: number): Date {
  const until = new Date(from.getTime());
  until.setUTCMonth(until.getUTCMonth() + months);
  return until;
}
