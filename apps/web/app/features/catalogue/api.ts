import type { Currency } from '@parcelle/shared/constants';
import type {
  ContentType,
  ZArtistDetailData,
  ZArtistsData,
  ZContentPage,
  ZFooterData,
  ZGalleriesData,
  ZHomeData,
  ZPaintingDetailData,
  ZPaintingsData,
} from '@parcelle/shared/contracts/catalogue';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiData } from '../session/api';

/**
 * Queries of the public catalogue and site (spec §7). Shapes are the shared contracts; amounts arrive in the
 * currency asked, so the currency is part of every key that carries money.
 */
export type ArtistsData = z.infer<typeof ZArtistsData>;
export type ArtistDetailData = z.infer<typeof ZArtistDetailData>;
export type PaintingsData = z.infer<typeof ZPaintingsData>;
export type PaintingDetailData = z.infer<typeof ZPaintingDetailData>;
export type HomeData = z.infer<typeof ZHomeData>;
export type FooterData = z.infer<typeof ZFooterData>;
export type ContentPage = z.infer<typeof ZContentPage>;
export type GalleriesData = z.infer<typeof ZGalleriesData>;
export type MarketType = 'primary' | 'secondary';

/** Catalogue data changes rarely while a visitor browses. */
const CATALOGUE_STALE = 60_000;

/**
 * Every query about works and their parts sits under this key (catalogue lists and pages, the member's markets, the
 * secondary offer): a purchase or a listing change invalidates it once to refresh them all.
 */
export const PAINTINGS_KEY = ['paintings'] as const;

export const catalogueKeys = {
  artists: (limit: number, offset: number, currency: Currency) => ['artists', { limit, offset, currency }] as const,
  artist: (artistId: string, currency: Currency) => ['artists', 'detail', artistId, currency] as const,
  paintings: (type: MarketType, limit: number, offset: number, currency: Currency) =>
    [...PAINTINGS_KEY, type, { limit, offset, currency }] as const,
  painting: (paintingId: string, currency: Currency) => [...PAINTINGS_KEY, 'detail', paintingId, currency] as const,
  home: (currency: Currency) => ['content', 'home', currency] as const,
  footer: () => ['content', 'footer'] as const,
  page: (type: ContentType) => ['content', 'page', type] as const,
  galleries: (limit: number, offset: number) => ['content', 'galleries', { limit, offset }] as const,
};

export function useArtists(limit: number, offset: number, currency: Currency) {
  return useQuery({
    queryKey: catalogueKeys.artists(limit, offset, currency),
    queryFn: ({ signal }) => apiData<ArtistsData>('/artists/', { query: { limit, offset, currency }, signal }),
    placeholderData: keepPreviousData,
    staleTime: CATALOGUE_STALE,
  });
}

export function useArtistDetail(artistId: string, currency: Currency) {
  return useQuery({
    queryKey: catalogueKeys.artist(artistId, currency),
    queryFn: ({ signal }) => apiData<ArtistDetailData>('/artists/detail', { query: { artistId, currency }, signal }),
    placeholderData: keepPreviousData,
    staleTime: CATALOGUE_STALE,
  });
}

export function usePaintings(type: MarketType, limit: number, offset: number, currency: Currency) {
  return useQuery({
    queryKey: catalogueKeys.paintings(type, limit, offset, currency),
    queryFn: ({ signal }) =>
      apiData<PaintingsData>('/paintings/', { query: { type, limit, offset, currency }, signal }),
    placeholderData: keepPreviousData,
    staleTime: CATALOGUE_STALE,
  });
}

/** A work's detail: the query of its page, and of a document's islands, which read it before they mount. */
export const paintingDetailQuery = (paintingId: string, currency: Currency) => ({
  queryKey: catalogueKeys.painting(paintingId, currency),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    apiData<PaintingDetailData>('/paintings/detail', { query: { painting_id: paintingId, currency }, signal }),
  staleTime: CATALOGUE_STALE,
});

export function usePaintingDetail(paintingId: string, currency: Currency) {
  return useQuery({ ...paintingDetailQuery(paintingId, currency), placeholderData: keepPreviousData });
}

export function useHomeContent(currency: Currency) {
  return useQuery({
    queryKey: catalogueKeys.home(currency),
    queryFn: ({ signal }) => apiData<HomeData>('/content/home', { query: { currency }, signal }),
    placeholderData: keepPreviousData,
    staleTime: CATALOGUE_STALE,
  });
}

/** Footer data; spec §8: a failure is only logged (the footer then shows what needs no data). */
export function useFooterContent() {
  return useQuery({
    queryKey: catalogueKeys.footer(),
    queryFn: ({ signal }) => apiData<FooterData>('/content/footer', { signal }),
    staleTime: 10 * 60_000,
    retry: 1,
  });
}

export function useContentPage(type: ContentType) {
  return useQuery({
    queryKey: catalogueKeys.page(type),
    queryFn: ({ signal }) => apiData<ContentPage>('/content/', { query: { type }, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useGalleries(limit: number, offset: number) {
  return useQuery({
    queryKey: catalogueKeys.galleries(limit, offset),
    queryFn: ({ signal }) => apiData<GalleriesData>('/content/galleries', { query: { limit, offset }, signal }),
    placeholderData: keepPreviousData,
    staleTime: CATALOGUE_STALE,
  });
}
