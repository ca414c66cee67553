import type { TProfile } from '@parcelle/shared';
import type { AppContext } from '../../context';
import type { Member } from '../../http/authenticate';
import { totpEnrolled } from '../auth/totp';
import { walletBalance } from '../ledger/ledger';

export function imageUrlBase(ctx: AppContext): string {
  return ctx.config.mediaBaseUrl;
}

export async function buildProfile(ctx: AppContext, member: Member): Promise<TProfile> {
  const minor = await walletBalance(ctx.database.db, member.id, member.currency);
  const hasPhone = Boolean(member.phoneNumber && member.phoneCode);
  return {
    id: member.id,
    first_name: member.firstName,
    last_name: member.lastName,
    country: member.country,
    birth_date: member.birthDate,
    phone: hasPhone
      ? { code: member.phoneCode ?? '', number: member.phoneNumber ?? '', slug: member.phoneSlug ?? '' }
      : null,
    email: member.email,
    paypal: member.paypalEmail ? { email: member.paypalEmail } : null,
    img: member.img,
    base_url: imageUrlBase(ctx),
    curr: member.currency,
    lang: member.language,
    // `value` is for display only; `minor` is the exact amount.
    wallet_amount: { value: minor / 100, minor, curr: member.currency },
    ipe: !hasPhone,
    iev: member.emailVerifiedAt !== null,
    role: member.role,
    created_at: member.createdAt.toISOString(),
    two_factor: await totpEnrolled(ctx, member.id),
  };
}
