import { z } from 'zod';
import { CURRENCIES } from '../constants';
import { ZLocalized } from './envelope';

/**
 * Issue 30: the reflection period. A non-sophisticated investor's primary purchase is provisional for 4 calendar days
 * (Europe/Paris) after it settles, and may be revoked without reason or cost in that time.
 */
export const REFUND_TARGETS = ['card', 'paypal', 'wallet'] as const;
export const REVOCATION_CHANNELS = ['member_area', 'email_link'] as const;

/** One of the member's primary purchases in its period (`provisional`) or revoked (`revoked`). */
export const ZReflectionPurchase = z.object({
  purchase_id: z.string(),
  reference: z.string(),
  painting: z.object({ id: z.string(), title: ZLocalized }),
  quantity: z.number().int(),
  total_minor: z.number().int(),
  currency: z.enum(CURRENCIES),
  refund_to: z.enum(REFUND_TARGETS),
  /** ISO 8601: when the purchase settled (the period's start). */
  settled_at: z.string(),
  /** ISO 8601, exclusive: the purchase can be revoked strictly before this instant (00:00 Paris after day 4). */
  revocable_until: z.string(),
  status: z.enum(['provisional', 'revoked']),
  revoked_at: z.string().nullable(),
  /** card / PayPal: `pending` until the provider accepts the refund, then `succeeded`; null for the wallet. */
  refund_status: z.enum(['pending', 'succeeded']).nullable(),
  certificate_number: z.string().nullable(),
});
export type TReflectionPurchase = z.infer<typeof ZReflectionPurchase>;

export const ZReflectionData = z.object({ purchases: z.array(ZReflectionPurchase) });
export type TReflectionData = z.infer<typeof ZReflectionData>;

export const ZRevokeParams = z.object({ id: z.uuid() });
/** The signed link of the confirmation email (its `token` query parameter). */
export const ZRevocationLinkRequest = z.object({ token: z.string().min(1).max(400) });
export type TRevocationLinkRequest = z.infer<typeof ZRevocationLinkRequest>;
