import '../zod-config';
import { z } from 'zod';
import { safeText } from '../validation/fields';
import { ZLimit, ZOffset } from './catalogue';
import { ZLocalized } from './envelope';

/**
 * Co-ownership certificates (spec §1; issue 5). One certificate per paid purchase, numbered
 * `PCL-<year>-<10 Crockford base32 characters>` (50 random bits: not guessable), verifiable by anyone from its
 * number without revealing the holder (initials only).
 */

/** Crockford base32: digits and capitals without I, L, O, U. */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CERTIFICATE_NUMBER_PATTERN = /^PCL-\d{4}-[0-9A-HJKMNP-TV-Z]{10}$/;

/**
 * A number as a reader may type it: trimmed, upper-cased, and in the random part the letters Crockford reads
 * as digits (O → 0, I and L → 1). Anything else is left for the pattern to refuse.
 */
export function normalizeCertificateNumber(input: string): string {
  const upper = input.trim().toUpperCase();
  const match = /^(PCL-\d{4}-)(.*)$/.exec(upper);
  if (!match) return upper;
  return `${match[1]}${(match[2] ?? '').replace(/O/g, '0').replace(/[IL]/g, '1')}`;
}

/** A well-formed certificate number (after normalisation); a malformed one is answered like an unknown one. */
export const ZCertificateNumber = z
  .string({ error: 'CertificateNotFound' })
  .max(64, { error: 'CertificateNotFound' })
  .transform(normalizeCertificateNumber)
  .pipe(z.string().regex(CERTIFICATE_NUMBER_PATTERN, { error: 'CertificateNotFound' }));

/** Path parameter of /certificates/verify/:number and /member/certificates/:number/pdf: read leniently, checked by the service. */
export const ZCertificateNumberParams = z.object({ number: safeText().max(200) });

export const ZCertificatesQuery = z.strictObject({ limit: ZLimit(10), offset: ZOffset() });

export const ZCertificatePainting = z.object({
  id: z.string(),
  title: ZLocalized,
  artist: z.object({ id: z.string(), name: z.string() }),
  year: z.number().int(),
  /** Media key: image URL = base_url + cover_img. */
  cover_img: z.string(),
  /** 1 or 2: the work is on the primary market, 3: on the secondary market (where its page lives). */
  market: z.number().int(),
});

/** GET /certificates/verify/:number: what anyone holding the number may see. */
export const ZCertificateVerifyData = z.object({
  /**
   * `valid`; `provisional` while its purchase is in the 4-day reflection period (issue 30: it may still be revoked);
   * `void` once its purchase was revoked.
   */
  status: z.enum(['valid', 'provisional', 'void']),
  /**
   * ISO 8601, exclusive (00:00 Europe/Paris of the day after the period's last day) while `provisional`, else null:
   * the page says "provisional until" the Paris day before it.
   */
  provisional_until: z.string().nullable(),
  /** ISO 8601: when its purchase was revoked, while `void`; else null. */
  revoked_at: z.string().nullable(),
  number: z.string(),
  /** ISO 8601. */
  issued_at: z.string(),
  /** Parts (9 parts = 1 cm²); the reader formats the surface. */
  quantity: z.number().int(),
  /** The holder's initials only ("J. D."). */
  holder_initials: z.string(),
  painting: ZCertificatePainting,
  base_url: z.string(),
});
export type TCertificateVerifyData = z.infer<typeof ZCertificateVerifyData>;

/**
 * One certificate of the signed-in member. Its PDF: GET /api/member/certificates/<number>/pdf (with the token);
 * its public page: /certificates/verify/<number>.
 */
export const ZMemberCertificate = z.object({
  number: z.string(),
  issued_at: z.string(),
  quantity: z.number().int(),
  holder_name: z.string(),
  language: z.enum(['en', 'fr']),
  purchase_id: z.string(),
  painting: ZCertificatePainting,
  /** Issue 30: `provisional` in the purchase's reflection period, `void` once it was revoked, else `valid`. */
  status: z.enum(['valid', 'provisional', 'void']),
  /** ISO 8601, exclusive: the end of the reflection period while provisional, else null. */
  provisional_until: z.string().nullable(),
});
export type TMemberCertificate = z.infer<typeof ZMemberCertificate>;

export const ZMemberCertificatesData = z.object({
  certificates: z.array(ZMemberCertificate),
  total: z.number().int(),
  base_url: z.string(),
});
