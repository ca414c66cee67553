import type { Currency } from '@parcelle/shared/constants';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { Rates } from '../fx/rates';
import { type AccountWanted, accountFor, accountKey, accountsFor, type LedgerLine, lockWallet } from './ledger';

/** What one member is paid: `amountMinor` in the currency of the money paid (the caller's transaction's). */
export type MemberCredit = { userId: string; amountMinor: number };

/**
 * The ledger lines paying members from money in `currency`. A member has one wallet, in their own currency (spec:
 * `wallet_amount.curr`; withdrawals leave from it): a credit in the other currency is exchanged at the latest ECB
 * rate (half-even, as every conversion) through the platform's `fx_clearing` accounts — the money in `currency`
 * enters Parcelle's position in that currency, the converted amount leaves its position in the member's — so each
 * currency still balances and no member is ever credited money they can neither see nor withdraw. Without a known
 * rate the exchange is refused (503 RateUnavailable) and the caller's transaction rolls back.
 */
export async function memberCreditLines(
  tx: Executor,
  credits: readonly MemberCredit[],
  currency: Currency,
): Promise<LedgerLine[]> {
  return (await memberCredits(tx, credits, currency)).lines;
}

/** What one member's wallet received: in the wallet's own currency, after the exchange when there was one. */
export type CreditedAmount = { userId: string; amountMinor: number; currency: Currency };

/**
 * `memberCreditLines` with what each member's wallet received (the amount its line credits, in its currency): a
 * caller that tells the member (a seller's "parts sold" notice) says the figure the ledger paid, not a second
 * computation of it.
 */
export async function memberCredits(
  tx: Executor,
  credits: readonly MemberCredit[],
  currency: Currency,
): Promise<{ lines: LedgerLine[]; credited: CreditedAmount[] }> {
  const [paid] = await memberCreditsMany(tx, [{ credits, currency }]);
  return paid ?? { lines: [], credited: [] };
}

/**
 * `memberCredits` for several payments at once (a batch of secondary purchases settled together, decision 489), in
 * a fixed number of statements whatever their number: the members' wallet currencies in one read, the rates once
 * when one exchanges, the accounts in one read (`accountsFor`). Answers each payment's lines and credited amounts, in
 * the order given, as `memberCredits` would have alone.
 */
export async function memberCreditsMany(
  tx: Executor,
  payments: readonly { credits: readonly MemberCredit[]; currency: Currency }[],
): Promise<{ lines: LedgerLine[]; credited: CreditedAmount[] }[]> {
  const paidOf = payments.map((payment) => payment.credits.filter((credit) => credit.amountMinor > 0));
  const members = paidOf.flatMap((paid) => paid.map((credit) => credit.userId));
  if (members.length === 0) return payments.map(() => ({ lines: [], credited: [] }));
  const walletCurrency = await walletCurrencies(tx, members);
  let rates: Rates | null = null;
  // Each payment's lines as accounts wanted first, then the accounts in one read.
  type Wanted = { account: AccountWanted; amountMinor: number; currency: Currency };
  const planned: { wanted: Wanted[]; credited: CreditedAmount[] }[] = [];
  for (const [at, paid] of paidOf.entries()) {
    const currency = (payments[at] as { currency: Currency }).currency;
    const wanted: Wanted[] = [];
    const credited: CreditedAmount[] = [];
    const exchanged = new Map<Currency, { inMinor: number; outMinor: number }>();
    for (const credit of paid) {
      const to = walletCurrency.get(credit.userId) ?? currency;
      let amountMinor = credit.amountMinor;
      if (to !== currency) {
        rates ??= await Rates.load(tx);
        amountMinor = rates.exchange(credit.amountMinor, currency, to);
        const position = exchanged.get(to) ?? { inMinor: 0, outMinor: 0 };
        position.inMinor += credit.amountMinor;
        position.outMinor += amountMinor;
        exchanged.set(to, position);
      }
      if (amountMinor > 0) {
        wanted.push({
          account: { kind: 'member_wallet', currency: to, userId: credit.userId },
          amountMinor,
          currency: to,
        });
        credited.push({ userId: credit.userId, amountMinor, currency: to });
      }
    }
    for (const [to, position] of exchanged) {
      wanted.push({ account: { kind: 'fx_clearing', currency }, amountMinor: position.inMinor, currency });
      if (position.outMinor > 0) {
        wanted.push({ account: { kind: 'fx_clearing', currency: to }, amountMinor: -position.outMinor, currency: to });
      }
    }
    planned.push({ wanted, credited });
  }
  const accounts = await accountsFor(
    tx,
    planned.flatMap((plan) => plan.wanted.map((one) => one.account)),
  );
  return planned.map(({ wanted, credited }) => ({
    lines: wanted.map((one) => ({
      accountId: accounts.get(accountKey(one.account)) as string,
      amountMinor: one.amountMinor,
      currency: one.currency,
    })),
    credited,
  }));
}

async function walletCurrencies(tx: Executor, userIds: string[]): Promise<Map<string, Currency>> {
  const rows = await tx
    .select({ id: users.id, currency: users.currency })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, row.currency]));
}

/**
 * The lines that take `amountMinor` in `currency` from a member's wallet (locked first, as every debit of it), the
 * mirror of `memberCreditLines`: a wallet in the other currency pays the amount exchanged at the latest rate through
 * the `fx_clearing` accounts, so a dollar member can pay into the euro order book. The amount leaves in `currency`:
 * the caller's line that receives it (a bid's hold, a seller) is in `currency`. Refused (400 InsufficientBalance,
 * on `field`) when the wallet holds less.
 */
export async function memberDebitLines(
  tx: Executor,
  member: { id: string; currency: Currency },
  amountMinor: number,
  currency: Currency,
  field: string,
): Promise<LedgerLine[]> {
  const wallet = await lockWallet(tx, member.id, member.currency);
  const costMinor =
    member.currency === currency
      ? amountMinor
      : (await Rates.load(tx)).exchange(amountMinor, currency, member.currency);
  if (wallet.balanceMinor < costMinor) throw badRequest('InsufficientBalance', field);
  const lines: LedgerLine[] = [{ accountId: wallet.accountId, amountMinor: -costMinor, currency: member.currency }];
  if (member.currency !== currency) {
    lines.push(
      {
        accountId: await accountFor(tx, 'fx_clearing', member.currency),
        amountMinor: costMinor,
        currency: member.currency,
      },
      { accountId: await accountFor(tx, 'fx_clearing', currency), amountMinor: -amountMinor, currency },
    );
  }
  return lines;
}
