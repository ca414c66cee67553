import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The revocation link of a purchase confirmation email (issue 30, decision 341). It names one purchase and carries
 * an HMAC-SHA256 (the server secret) over a purpose tag, the purchase, its buyer and the link's expiry (the end of the
 * reflection period): single-purpose, expiring, and a changed byte is refused. The link opens a page of the member
 * area: the revocation itself still needs the buyer's own session (POST /member/purchases/revocation/link), so a
 * forwarded or leaked email alone revokes nothing.
 */
const PURPOSE = 'purchase-revocation:v1';

export type RevocationLink = { purchaseId: string; userId: string; expires: number };

function signature(secret: string, link: RevocationLink): string {
  return createHmac('sha256', secret)
    .update([PURPOSE, link.purchaseId, link.userId, String(link.expires)].join('|'))
    .digest('base64url');
}

/** The token of a link: `<purchase id>.<buyer id>.<expiry, seconds>.<signature>`. */
export function revocationToken(secret: string, link: RevocationLink): string {
  return [link.purchaseId, link.userId, String(link.expires), signature(secret, link)].join('.');
}

/** The page the email links to (the web app's member area). */
export function revocationUrl(publicUrl: string, secret: string, link: RevocationLink): string {
  return `${publicUrl}/user/revocation?token=${encodeURIComponent(revocationToken(secret, link))}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type RevocationLinkCheck = { ok: true; link: RevocationLink } | { ok: false; reason: 'forged' | 'expired' };

/** Checks a token: its shape, then its signature (constant time), then its expiry. */
export function checkRevocationToken(
  secret: string,
  token: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): RevocationLinkCheck {
  const [purchaseId, userId, expiresText, given, ...rest] = token.split('.');
  if (rest.length > 0 || !purchaseId || !userId || !expiresText || !given) return { ok: false, reason: 'forged' };
  if (!UUID.test(purchaseId) || !UUID.test(userId) || !/^\d{1,12}$/.test(expiresText)) {
    return { ok: false, reason: 'forged' };
  }
  const link = { purchaseId, userId, expires: Number(expiresText) };
  const expected = Buffer.from(signature(secret, link));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) {
    return { ok: false, reason: 'forged' };
  }
  if (nowSeconds >= link.expires) return { ok: false, reason: 'expired' };
  return { ok: true, link };
}
