import { COUNTDOWN_ATTRIBUTE } from '../../document/document';
import { type RequestLike, requestLanguage } from '../i18n/request-language';
import { requestCurrency } from '../preferences/request-currency';

/**
 * What the API process's cache of rendered documents needs to know of a page besides its address and its reads
 * (apps/api/src/http/page-cache.ts, decision 471), said here beside the rules it follows so that it is said once.
 */

/**
 * The language and the display currency a request is rendered in (the same functions the render uses): two visitors
 * with the same address and variant get the same document. Other cookies and headers change nothing on the server:
 * a member's session lives in the browser's storage (the document runtime reads it).
 */
export function pageVariant(request: RequestLike): string {
  return `${requestLanguage(request)} ${requestCurrency(request)}`;
}

const COUNTDOWN_MOMENT = new RegExp(`${COUNTDOWN_ATTRIBUTE}="(\\d+)"`, 'g');

/**
 * The first moment a rendered page would render otherwise by the clock alone: a sale's opening, when the server
 * renders the buy button usable (decision 455) and the runtime loads the page again. Undefined: none.
 */
export function pageChangesAt(html: string): number | undefined {
  const moments = Array.from(html.matchAll(COUNTDOWN_MOMENT), (match) => Number(match[1]));
  return moments.length > 0 ? Math.min(...moments) : undefined;
}
