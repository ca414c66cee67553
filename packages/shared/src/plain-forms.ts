/**
 * The forms a visitor can send without JavaScript (issue 33, decisions 465 and 476): each carries a token the server
 * signed for it (apps/api captcha/form-token.ts) in place of the captcha a page's script solves, and a token is good
 * for its own form only.
 */
export const PLAIN_FORMS = ['newsletter', 'contact'] as const;
export type PlainForm = (typeof PLAIN_FORMS)[number];
