import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles, sourceName } from './source-scan';

/**
 * One wallet balance (decision 406): the ledger module (apps/api/src/modules/ledger) computes balances; elsewhere no
 * source sums a wallet's entries itself or reads an account's balance with the ledger's primitive `balanceOf`: they
 * call `walletBalance`, `walletBalances` or `lockWallet`. Tests are left out (they check balances their own way).
 */
const EXEMPT = [/^modules\/ledger\//, /\.test\.ts$/];

/** A wallet's entries summed by hand: `member_wallet` and a sum of amounts in one statement (within a few lines). */
const NEAR = 400;

function balanceCopies(name: string, text: string): string[] {
  const found: string[] = [];
  if (/\bbalanceOf\b/.test(text)) found.push(`${name}: balanceOf`);
  for (const match of text.matchAll(/member_wallet/g)) {
    const around = text.slice(Math.max(0, match.index - NEAR), match.index + NEAR);
    if (/sum\(\s*(?:\$\{ledgerEntries\.amountMinor\}|\w+\.amount_minor|amount_minor)/.test(around)) {
      found.push(`${name}: member_wallet summed at ${match.index}`);
    }
  }
  return found;
}

describe('one wallet balance', () => {
  it('no source outside the ledger module computes a wallet balance itself', () => {
    const found = sourceFiles(SRC).flatMap((path) => {
      const name = sourceName(SRC, path);
      return EXEMPT.some((pattern) => pattern.test(name)) ? [] : balanceCopies(name, readFileSync(path, 'utf8'));
    });
    expect(found).toEqual([]);
  });

  it('the check sees each form the copies had', () => {
    const copies = [
      "return balanceOf(db, await accountFor(db, 'member_wallet', currency, userId));",
      "sql`SELECT a.currency, coalesce(sum(e.amount_minor), 0)::text AS total FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id WHERE a.kind = 'member_wallet'`",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a copy, not a template
      "db.select({ total: sql`coalesce(sum(${ledgerEntries.amountMinor}), 0)` }).from(ledgerEntries).where(eq(ledgerAccounts.kind, 'member_wallet'))",
    ];
    for (const copy of copies) expect(balanceCopies('copy.ts', copy)).not.toEqual([]);
    expect(balanceCopies('call.ts', "await walletBalance(db, member.id, 'EURO')")).toEqual([]);
  });
});
