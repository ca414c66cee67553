/** Where a painting's detail lives: works of the primary market (markets 1, 2) and of the secondary (3). */
export function paintingPath(painting: { id: string; market: number }): string {
  const market = painting.market === 3 ? 'secondary-market' : 'primary-market';
  return `/${market}/details/${encodeURIComponent(painting.id)}`;
}

export const artistPath = (artistId: string) => `/artists/details/${encodeURIComponent(artistId)}`;
