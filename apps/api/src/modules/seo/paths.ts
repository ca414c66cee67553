/** The web app's public addresses of artists and works (apps/web/app/features/catalogue/paths.ts says the same). */
export const artistPath = (artistId: string) => `/artists/details/${encodeURIComponent(artistId)}`;

/** Markets 1 (not yet buyable) and 2 are shown on the primary market, 3 on the secondary. */
export function paintingPath(painting: { id: string; market: number }): string {
  const list = painting.market === 3 ? '/secondary-market' : '/primary-market';
  return `${list}/details/${encodeURIComponent(painting.id)}`;
}
