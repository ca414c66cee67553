import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paintings, users } from '../../db/schema';

/** What an email about a purchase needs of its buyer and work: the address, the first name, the work's titles. */
export type BuyerMailContext = {
  email: string;
  firstName: string;
  language: 'en' | 'fr';
  titleEn: string;
  titleFr: string;
};

/** One read for every email about a purchase (confirmation, late-payment refund); undefined when either is gone. */
export async function buyerMailContext(
  db: Executor,
  purchase: { userId: string; paintingId: string },
): Promise<BuyerMailContext | undefined> {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      titleEn: paintings.titleEn,
      titleFr: paintings.titleFr,
    })
    .from(users)
    .innerJoin(paintings, eq(paintings.id, purchase.paintingId))
    .where(eq(users.id, purchase.userId));
  return row;
}
