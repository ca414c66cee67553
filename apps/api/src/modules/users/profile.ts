import type { TProfile } from '@parcelle/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { ledgerAccounts, ledgerEntries } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { totpEnrolled } from '../auth/totp';

/** The member's wallet balance in minor units: the sum of the entries of their wallet account. */
export async function walletBalanceMinor(ctx: AppContext, member: Member): Promise<number> {
  const [row] = await ctx.database.db
    .select({ total: sql<string | null>`coalesce(sum(${ledgerEntries.amountMinor}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerAccounts.kind, 'member_wallet'),
        eq(ledgerAccounts.userId, member.id),
        eq(ledgerAccounts.currency, member.currency),
      ),
    );
  const total = BigInt(row?.total ?? 0);
  if (total > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('wallet balance exceeds safe integer range');
  return Number(total);
}

export function imageUrlBase(ctx: AppContext): string {
  return ctx.config.mediaBaseUrl;
}

export async function buildProfile(ctx: AppContext, member: Member): Promise<TProfile> {
  const minor = await walletBalanceMinor(ctx, member);
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
