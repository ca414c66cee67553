import { CURRENCY_ISO, type Currency } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatNumber } from '@parcelle/shared/money';
import type { ArtistDetailData, ArtistsData } from '../catalogue/api';
import type { Amount } from '../catalogue/format';

export type Artist = ArtistsData['artists'][number];
export type ArtistDetail = ArtistDetailData['artist'];
export type ArtistPainting = ArtistDetail['paintings'][number];

/** Artists per page of /artists (a 3 × 3 wall on desktop). */
export const ARTISTS_PAGE_SIZE = 9;

/** A rating index (IC) with 2 decimals: en "230.15", fr "230,15". */
export function formatIndex(value: number, language: Language): string {
  if (!Number.isFinite(value)) return '';
  return formatNumber(value, language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The artist's current rating index in the display currency. */
export function indexIn(artist: Pick<Artist, 'ic_artist_euro' | 'ic_artist_usd'>, currency: Currency): number {
  return currency === 'EURO' ? artist.ic_artist_euro : artist.ic_artist_usd;
}

/** The 100 of "base 100 for 100 € invested in 2000", in the display currency, without decimals. */
export function baseAmount(currency: Currency, language: Language): string {
  return formatNumber(100, language, {
    style: 'currency',
    currency: CURRENCY_ISO[currency],
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
}

/** The record auction price (the first item of the list, spec §3), if any. */
export function recordOf(artist: Pick<Artist, 'all_time_record_price'>): Amount | undefined {
  const first = artist.all_time_record_price[0];
  return first && Number.isFinite(first.value) ? (first as Amount) : undefined;
}

/** The turnover of the most recent year that has one. */
export function latestTurnover(turnover: ArtistDetail['turnover']): { year: number; value: Amount } | undefined {
  let latest: ArtistDetail['turnover'][number] | undefined;
  for (const item of turnover) if (!latest || item.year > latest.year) latest = item;
  return latest ? { year: latest.year, value: latest.value as Amount } : undefined;
}

/** One row per year, for the charts and their table. */
export type MarketRow = {
  year: number;
  ic: number | null;
  turnover: number | null;
  sold: number | null;
  unsold: number | null;
};

export function marketRows(artist: Pick<ArtistDetail, 'evolution' | 'turnover' | 'lots'>): MarketRow[] {
  const byYear = new Map<number, MarketRow>();
  const row = (year: number) => {
    let found = byYear.get(year);
    if (!found) {
      found = { year, ic: null, turnover: null, sold: null, unsold: null };
      byYear.set(year, found);
    }
    return found;
  };
  for (const point of artist.evolution) row(point.year).ic = point.value;
  for (const point of artist.turnover) row(point.year).turnover = point.value.value;
  for (const point of artist.lots) {
    const found = row(point.year);
    found.sold = point.sold;
    found.unsold = point.unsold;
  }
  return [...byYear.values()].sort((a, b) => a.year - b.year);
}
