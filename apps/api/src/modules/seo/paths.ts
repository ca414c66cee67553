import { onMarket } from '../market/state';

/** The web app's public addresses of artists and works (apps/web/app/features/catalogue/paths.ts says the same). */
export const artistPath = (artistId: string) => `/artists/details/${encodeURIComponent(artistId)}`;

/** Works shown (not buyable yet) or on sale are on the primary market's list, the rest on the secondary's. */
export function paintingPath(painting: { id: string; market: number }): string {
  const list = onMarket(painting, 'secondary') ? '/secondary-market' : '/primary-market';
  return `${list}/details/${encodeURIComponent(painting.id)}`;
}
