/** Business constants of spec §9. One place, shared by the API and the web app. */
export const OTP_LENGTH = 6;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;
export const NAME_MAX = 100;
export const MINIMUM_AGE_YEARS = 18;
export const MINIMUM_WITHDRAWAL = 1;
export const PHONE_MAX_DIGITS = 15;
/** Special characters a password must contain one of (spec §5). */
export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';

/**
 * Limits the contracts validate and the web app also needs at first load. They live here, not in the zod
 * contracts (which re-export them), so a page that only needs a number does not download and run zod (issue 14).
 */
export const PAGINATION_LIMIT_MAX = 100;
/** Days a bid stays open at most, and by default (issue 17). */
export const BID_EXPIRY_DAYS_MAX = 90;
export const BID_EXPIRY_DAYS_DEFAULT = 30;
export const PAYMENT_METHODS = ['card', 'paypal', 'smart_amount'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Largest number of parts one purchase may ask for (far above any painting's stock; bounds the arithmetic). */
export const MAX_PARTS_PER_PURCHASE = 10_000_000;
/**
 * The most images a work has (its `images`; the operator console refuses one more, `PaintingImagesFull`). The public
 * page's gallery shows the chosen one with a CSS rule per image, written for this many (decision 540). Here rather
 * than beside the catalogue's schemas: the page's gallery must not bring zod.
 */
export const PAINTING_MAX_IMAGES = 20;
/** The first year a yearly statement can be asked for (the platform holds no movement before it). */
export const FIRST_STATEMENT_YEAR = 2016;

export const PAGE_SIZE = {
  market: 6,
  myParts: 4,
  portfolio: 4,
  withdrawals: 3,
  history: 4,
  artworkLoadMore: 4,
} as const;

/** Delays in milliseconds (spec §9). */
export const DELAY_MS = {
  afterLogin: 500,
  afterLogout: 500,
  afterSocialLogin: 500,
  // The spec's timed leave after a purchase is not used: the success dialog stays until the member goes on to the
  // portfolio or home (decision 390). Kept as the spec gives them.
  afterPaypalPurchase: 2000,
  afterCardPurchase: 2000,
  afterSmartPurchase: 2000,
  afterEmailChange: 3000,
  leaveAfterSmartSuccess: 4000,
  countrySearchDebounce: 250,
  tickerResizeDebounce: 150,
  persistTimeout: 5000,
} as const;

export const LAYOUT = {
  mobileBreakpoint: 1024,
  drawerWidth: 300,
  tickerSpeed: 5,
  tickerItemWidth: 400,
  headerNameMaxWidth: 130,
} as const;

/** 1 cm² is a 3×3 grid of parts (spec §1). */
export const PARTS_PER_CM2 = 9;

export const LANGUAGES = ['en', 'fr'] as const;
export const FALLBACK_LANGUAGE = 'en';
export const CURRENCIES = ['USD', 'EURO'] as const;
export const DEFAULT_CURRENCY = 'USD';
export const CURRENCY_SYMBOL = { USD: '$', EURO: '€' } as const;
/** ISO 4217 code of each display currency, for Intl and payment providers. */
export const CURRENCY_ISO = { USD: 'USD', EURO: 'EUR' } as const;

export type Currency = (typeof CURRENCIES)[number];

/** device_token is a fixed text for the web client (spec §3). */
export const WEB_DEVICE_TOKEN = 'parcelle-web';
export const WEB_DEVICE_TYPE = 'web';

export const CHART_COLORS = [
  '#8C6A43',
  '#2F4858',
  '#B5523B',
  '#5B7F6B',
  '#C49A45',
  '#6D5A8C',
  '#3F7CAC',
  '#A0616A',
  '#7A8450',
  '#4A4E69',
] as const;

/** Kinds of a painting's documents, each in en and fr (spec §3: client_pdf_en … notice_fr). */
export const DOCUMENT_KINDS = ['client_pdf', 'technical_file', 'auth_certif', 'property_title', 'notice'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
