import { exitReturnBps, toMajor } from '@parcelle/shared';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { artists, exitOffers, paintings } from '../../db/schema';

/**
 * GET /exits (public): every work sold by an accepted exit vote, most recent first, with the sale price, the first
 * sale price of the whole work (recorded when it was sold, in the sale's currency) and the total return for its
 * holders between the two.
 */
export async function pastExits(db: Executor) {
  const rows = await db
    .select({ offer: exitOffers, painting: paintings, artist: artists.name })
    .from(exitOffers)
    .innerJoin(paintings, eq(paintings.id, exitOffers.paintingId))
    .innerJoin(artists, eq(artists.id, paintings.artistId))
    .where(eq(exitOffers.status, 'accepted'))
    .orderBy(desc(exitOffers.resolvedAt), desc(exitOffers.id));
  return {
    exits: rows.flatMap(({ offer, painting, artist }) => {
      const first = offer.firstSaleMinor;
      if (first === null || first <= 0 || !offer.resolvedAt) return [];
      return [
        {
          reference: offer.reference,
          painting: {
            id: painting.id,
            slug: painting.slug,
            title: { en: painting.titleEn, fr: painting.titleFr },
            img: painting.coverKey,
            artist,
          },
          sold_at: offer.resolvedAt.toISOString(),
          offer: { value: toMajor(offer.amountMinor), curr: offer.currency },
          offer_minor: offer.amountMinor,
          first_sale: { value: toMajor(first), curr: offer.currency },
          first_sale_minor: first,
          currency: offer.currency,
          return_bps: exitReturnBps(first, offer.amountMinor),
        },
      ];
    }),
  };
}
