import { CURRENCIES, type Currency } from '@parcelle/shared/constants';
import { fxClosingResult, type ZFxSettlementRequest } from '@parcelle/shared/contracts/admin-money';
import { toMajor } from '@parcelle/shared/money';
import { desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/retry';
import { fxSettlements, ledgerAccounts, users } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { badRequest, conflict } from '../../http/errors';
import { audit } from '../admin/audit';
import { accountFor, balanceOf, postTransaction } from './ledger';

/**
 * Exchange exposure (issue 32). Paying a member in the other currency leaves Parcelle holding the currency paid in
 * and owing the one credited (member-credits.ts): the `fx_clearing` account of the first rises, the second's falls.
 * The bank then sells the one and buys the other; finance records that settlement here, and it closes the position.
 *
 * A position is the balance of the currency's `fx_clearing` account (exact integers): positive, Parcelle holds it
 * and sells it; negative, Parcelle owes it and buys it.
 */
type TFxSettlementOutput = z.output<typeof ZFxSettlementRequest>;

export type FxPosition = { currency: Currency; positionMinor: number };

const side = (positionMinor: number): 'sell' | 'buy' | 'none' =>
  positionMinor > 0 ? 'sell' : positionMinor < 0 ? 'buy' : 'none';

async function positions(tx: Executor): Promise<FxPosition[]> {
  const found: FxPosition[] = [];
  for (const currency of CURRENCIES) {
    found.push({ currency, positionMinor: await balanceOf(tx, await accountFor(tx, 'fx_clearing', currency)) });
  }
  return found;
}

function shapeSettlement(row: typeof fxSettlements.$inferSelect, email: string) {
  return {
    id: row.id,
    sold: { value: toMajor(row.soldMinor), curr: row.soldCurrency },
    sold_minor: row.soldMinor,
    bought: { value: toMajor(row.boughtMinor), curr: row.boughtCurrency },
    bought_minor: row.boughtMinor,
    closed: row.closed,
    result: { value: toMajor(row.resultMinor), curr: row.boughtCurrency },
    result_minor: row.resultMinor,
    bank_reference: row.bankReference,
    settled_on: row.settledOn,
    transaction_id: row.transactionId,
    recorded_by: { id: row.recordedBy, email },
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /admin/fx: the open position per currency and the latest 50 settlements, newest first. */
export async function fxExposure(db: Executor) {
  const open = await positions(db);
  const rows = await db
    .select({ settlement: fxSettlements, email: users.email })
    .from(fxSettlements)
    .innerJoin(users, eq(users.id, fxSettlements.recordedBy))
    .orderBy(desc(fxSettlements.createdAt), desc(fxSettlements.id))
    .limit(50);
  return {
    positions: open.map(({ currency, positionMinor }) => ({
      currency,
      position: { value: toMajor(positionMinor), curr: currency },
      position_minor: positionMinor,
      side: side(positionMinor),
    })),
    settlements: rows.map((row) => shapeSettlement(row.settlement, row.email)),
  };
}

/**
 * Records the bank's exchange as one balanced ledger transaction, in each currency: the currency sold leaves its
 * `fx_clearing` account for `external` (the bank), the currency bought arrives from `external` into its
 * `fx_clearing` account. Refused (400 FxSettlementOvershoot) when a leg is larger than the open position on its
 * side: more sold than Parcelle holds, more bought than it owes. Closing (`close_position`) sells all that is held
 * (400 FxSettlementCloseNotWhole otherwise) and takes what is then left in the currency bought into Parcelle's
 * revenue as its exchange result (a gain or a loss, within FX_RESULT_MAX_BPS of what was owed: 400
 * FxSettlementResultTooLarge beyond), so both positions end at zero. The two accounts are locked first (in a fixed order),
 * so two settlements recorded at once cannot both take the same position. One settlement per bank reference (409);
 * audited with the positions before and after.
 */
export async function recordFxSettlement(db: Executor, operator: Member, input: TFxSettlementOutput) {
  const today = new Date().toISOString().slice(0, 10);
  if (input.settled_on > today) throw badRequest('FxSettlementInvalid', 'settled_on');
  try {
    const id = await inTransaction(db, async (tx) => {
      const accounts = new Map<Currency, string>();
      for (const currency of CURRENCIES) accounts.set(currency, await accountFor(tx, 'fx_clearing', currency));
      await tx
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, [...accounts.values()]))
        .orderBy(ledgerAccounts.id)
        .for('no key update');
      const before = await positions(tx);
      const held = before.find((position) => position.currency === input.sold_currency)?.positionMinor ?? 0;
      const owed = -(before.find((position) => position.currency === input.bought_currency)?.positionMinor ?? 0);
      if (input.sold_minor > held) throw badRequest('FxSettlementOvershoot', 'sold_minor');
      let resultMinor = 0;
      if (input.close_position) {
        if (input.sold_minor !== held) throw badRequest('FxSettlementCloseNotWhole', 'sold_minor');
        const result = fxClosingResult(input.bought_minor, owed);
        if (result === null) throw badRequest('FxSettlementResultTooLarge', 'bought_minor');
        resultMinor = result;
      } else if (input.bought_minor > owed) {
        throw badRequest('FxSettlementOvershoot', 'bought_minor');
      }
      const sold = input.sold_currency;
      const bought = input.bought_currency;
      // Closing: what the bank gave beyond what was owed is Parcelle's gain, what it gave short its loss.
      const result =
        resultMinor === 0
          ? []
          : [
              { accountId: accounts.get(bought) ?? '', amountMinor: -resultMinor, currency: bought },
              {
                accountId: await accountFor(tx, 'platform_revenue', bought),
                amountMinor: resultMinor,
                currency: bought,
              },
            ];
      const transactionId = await postTransaction(tx, {
        reference: `fx:${input.bank_reference}`,
        description: `exchange with the bank on ${input.settled_on} (${input.bank_reference}): sold ${sold} ${input.sold_minor}, bought ${bought} ${input.bought_minor}`,
        lines: [
          { accountId: accounts.get(sold) ?? '', amountMinor: -input.sold_minor, currency: sold },
          { accountId: await accountFor(tx, 'external', sold), amountMinor: input.sold_minor, currency: sold },
          { accountId: await accountFor(tx, 'external', bought), amountMinor: -input.bought_minor, currency: bought },
          { accountId: accounts.get(bought) ?? '', amountMinor: input.bought_minor, currency: bought },
          ...result,
        ],
      });
      const [row] = await tx
        .insert(fxSettlements)
        .values({
          soldCurrency: sold,
          soldMinor: input.sold_minor,
          boughtCurrency: bought,
          boughtMinor: input.bought_minor,
          closed: input.close_position,
          resultMinor,
          bankReference: input.bank_reference,
          settledOn: input.settled_on,
          transactionId,
          recordedBy: operator.id,
        })
        .returning();
      if (!row) throw new Error('exchange settlement not recorded');
      const after = await positions(tx);
      const view = (list: FxPosition[]) =>
        Object.fromEntries(list.map((position) => [position.currency, position.positionMinor]));
      await audit(tx, {
        actorId: operator.id,
        action: 'fx.settle',
        targetType: 'fx_settlement',
        targetId: row.id,
        details: {
          bank_reference: input.bank_reference,
          settled_on: input.settled_on,
          sold: { currency: sold, amount_minor: input.sold_minor },
          bought: { currency: bought, amount_minor: input.bought_minor },
          closed: input.close_position,
          result_minor: resultMinor,
          transaction_id: transactionId,
        },
        before: { positions: view(before) },
        after: { positions: view(after) },
      });
      return row.id;
    });
    const [row] = await db
      .select({ settlement: fxSettlements, email: users.email })
      .from(fxSettlements)
      .innerJoin(users, eq(users.id, fxSettlements.recordedBy))
      .where(eq(fxSettlements.id, id));
    if (!row) throw new Error('exchange settlement not found');
    return shapeSettlement(row.settlement, row.email);
  } catch (error) {
    if (isUniqueViolation(error, 'fx_settlements_bank_reference_unique')) throw conflict('FxSettlementDuplicate');
    throw error;
  }
}
