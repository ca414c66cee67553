import { z } from 'zod';
import { CURRENCIES } from '../constants';
import { ADMIN_SORTS, sortParams, ZAdminPageQuery } from './admin';
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

/**
 * GET /admin/revocations (issue 30, decision 421): the console's list of revoked purchases, newest first, filtered by
 * the Paris day of the revocation (`from` and `to` included).
 */
export const ZAdminRevocationsQuery = ZAdminPageQuery.extend({
  from: z.iso.date({ error: 'InvalidRequest' }).optional(),
  to: z.iso.date({ error: 'InvalidRequest' }).optional(),
  ...sortParams(ADMIN_SORTS.revocations, 'revoked_at', 'desc'),
});
export type TAdminRevocationsQuery = z.infer<typeof ZAdminRevocationsQuery>;

export const ZAdminRevocationRow = z.object({
  /** The revocation's own id. */
  id: z.string(),
  purchase_id: z.string(),
  reference: z.string(),
  member: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  painting: z.object({ id: z.string(), title: ZLocalized }),
  quantity: z.number().int(),
  amount_minor: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** ISO 8601: when the purchase settled, when its period would have ended, when it was revoked. */
  settled_at: z.string(),
  period_ends_at: z.string(),
  revoked_at: z.string(),
  channel: z.enum(REVOCATION_CHANNELS),
  refund_to: z.enum(REFUND_TARGETS),
  /** card / PayPal: the provider's refund, `pending` then `succeeded`; the wallet is credited at once: `credited`. */
  refund_status: z.enum(['pending', 'succeeded', 'credited']),
});
export type TAdminRevocationRow = z.infer<typeof ZAdminRevocationRow>;
export const ZAdminRevocations = z.object({ revocations: z.array(ZAdminRevocationRow), total: z.number().int() });
export type TAdminRevocations = z.infer<typeof ZAdminRevocations>;
