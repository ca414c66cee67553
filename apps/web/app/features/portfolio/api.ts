import { type Currency, FIRST_STATEMENT_YEAR } from '@parcelle/shared/constants';
import type { TMyListing, ZMyListingsData } from '@parcelle/shared/contracts/member';
import type {
  ZDownloadData,
  ZGraphData,
  ZHolding,
  ZPartsData,
  ZPortfolioData,
} from '@parcelle/shared/contracts/member-area';
import type { TSalePlaced } from '@parcelle/shared/contracts/orderbook';
import { MARKET } from '@parcelle/shared/market';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { StepUpProof } from '../account/StepUp';
import { PAINTINGS_KEY } from '../catalogue/api';
import { apiData, apiRequest } from '../session/api';
import type { RowsPage } from '../table/use-paged-rows';

/** The calls of /user/portfolio and /user/parts (spec §2, §4 Sale, §7 `/member/portfolio`, `/member/parts*`). */

/** Spec §9: portfolio and my parts list 4 works a page. */
export const HOLDINGS_PAGE_SIZE = 4;
/** Spec §4 Sale: on success the dialog closes after 2 s. */
export const SALE_CLOSE_DELAY_MS = 2000;

export type TPortfolioSummary = z.infer<typeof ZPortfolioData>[number];
export type THolding = z.infer<typeof ZHolding>;
export type TPartsPage = z.infer<typeof ZPartsData>;
export type TGraphLine = z.infer<typeof ZGraphData>[number];
export type TListingsPage = z.infer<typeof ZMyListingsData>;
export type { TMyListing };

/** Every query of the member's holdings: invalidated together after a sale. */
export const HOLDINGS_KEY = ['member-holdings'] as const;

/** The four summary cards: the API answers an array of one (spec §7 "first element used"). */
export function portfolioQuery(currency: Currency) {
  return queryOptions({
    queryKey: [...HOLDINGS_KEY, 'summary', currency] as const,
    queryFn: async ({ signal }) =>
      (await apiData<TPortfolioSummary[]>('/member/portfolio', { query: { currency }, signal }))[0] ?? null,
  });
}

/** One page of the works held, newest work first, in the display currency. */
export async function fetchParts(
  currency: Currency,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<RowsPage<THolding>> {
  const data = await apiData<TPartsPage>('/member/parts/', { query: { limit, offset, currency }, signal });
  return { rows: data.getParts, total: data.total, base_url: data.base_url };
}

/** What the member's parts of each work were worth at the end of each year. */
export function graphQuery(currency: Currency) {
  return queryOptions({
    queryKey: [...HOLDINGS_KEY, 'graph', currency] as const,
    queryFn: ({ signal }) => apiData<TGraphLine[]>('/member/parts/graph', { query: { currency }, signal }),
  });
}

/**
 * Lists parts for sale on the secondary market at a price per part (EUR minor units, within the book's bounds); the
 * answer carries the trades the ask made at once (issue 31).
 */
export function sellParts(
  body: { total_part: number; painting_id: string; price_per_part_minor: number } & Partial<StepUpProof>,
) {
  return apiRequest<TSalePlaced>('/paintings/sale', { method: 'POST', body });
}

/** Parts that can still be listed: those held minus those already for sale. */
export const partsInHand = (holding: Pick<THolding, 'quantity' | 'listed'>) =>
  Math.max(0, holding.quantity - holding.listed);

/** Why a holding cannot be sold now, or null when it can (spec §4: only when market equals 3). */
export function sellBlock(holding: Pick<THolding, 'market' | 'quantity' | 'listed'>): 'notOpen' | 'allListed' | null {
  if (holding.market !== MARKET.secondary) return 'notOpen';
  return partsInHand(holding) > 0 ? null : 'allListed';
}

/** The member's own listings (GET /paintings/sale): invalidated with the holdings after a sale or a withdrawal. */
export const LISTINGS_KEY = ['member-listings'] as const;

/** One page of the member's open listings (and those emptied by a purchase still being paid), newest first. */
export async function fetchMyListings(
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<RowsPage<TMyListing>> {
  const data = await apiData<TListingsPage>('/paintings/sale', { query: { status: 'open', limit, offset }, signal });
  return { rows: data.listings, total: data.total, base_url: data.base_url };
}

/** Takes a listing off the market: its remaining parts return to the member's holdings. */
export function withdrawListing(reference: string) {
  return apiRequest<TMyListing>(`/paintings/sale/${encodeURIComponent(reference)}/withdraw`, { method: 'POST' });
}

/** Parts left in the listing, or none when everything still in it is held by a purchase being paid. */
export const canWithdraw = (listing: Pick<TMyListing, 'status' | 'remaining'>) =>
  listing.status === 'open' && listing.remaining > 0;

/**
 * After a sale or a withdrawal: the parts and the cards (holdings), the listings, and what the markets show as
 * available on the secondary market (everything under PAINTINGS_KEY, as after a purchase).
 */
export function refreshAfterListingChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: HOLDINGS_KEY }),
    queryClient.invalidateQueries({ queryKey: LISTINGS_KEY }),
    queryClient.invalidateQueries({ queryKey: PAINTINGS_KEY }),
  ]);
}

/** Signed links to the yearly statement of `year` (PDF and CSV), in the currency shown (issue 17). */
/** The links of a year's statement: `yearly` (movements, for taxes) or `annual` (holdings and valuations, issue 30). */
export function yearlyStatementQuery(year: number, currency: Currency, kind: 'yearly' | 'annual' = 'yearly') {
  return queryOptions({
    queryKey: ['member-download', kind, year, currency] as const,
    queryFn: ({ signal }) =>
      apiData<z.infer<typeof ZDownloadData>>(`/member/download/${kind}/${year}`, { query: { currency }, signal }),
    // The links expire after 10 minutes: reuse them for 5 at most.
    staleTime: 5 * 60_000,
    gcTime: 5 * 60_000,
  });
}

/** The years a statement can be asked for, newest first: from the first year of the platform to this one. */
export function statementYears(now = new Date()): number[] {
  const years = [];
  for (let year = now.getUTCFullYear(); year >= FIRST_STATEMENT_YEAR; year--) years.push(year);
  return years;
}
