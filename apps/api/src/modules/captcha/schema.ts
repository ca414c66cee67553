import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Solved captcha challenges. Owned by modules/captcha: only its files write these tables (issue 28, decision 416).
 * Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

/** Solved captcha challenges, so one solution cannot be replayed before it expires. */
export const captchaSolutions = pgTable('captcha_solutions', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
