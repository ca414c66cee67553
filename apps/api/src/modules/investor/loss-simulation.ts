import { type Currency, lossCapacityMinor, netWorthMinor, type TLossSimulationRequest } from '@parcelle/shared';
import type { Executor } from '../../db/client';
import { investorLossSimulations } from './schema';

/**
 * Records a loss simulation (RTS 2022/2114 art. 6): the three amounts declared in the member's currency, the net
 * worth and the 10 % capacity to bear loss computed here. Each submission is a new row; the latest one counts.
 */
export async function simulateLoss(
  db: Executor,
  memberId: string,
  currency: Currency,
  request: TLossSimulationRequest,
) {
  const netWorth = netWorthMinor({
    incomeMinor: request.annual_income_minor,
    liquidAssetsMinor: request.liquid_assets_minor,
    commitmentsMinor: request.annual_commitments_minor,
  });
  const [row] = await db
    .insert(investorLossSimulations)
    .values({
      userId: memberId,
      currency,
      annualIncomeMinor: request.annual_income_minor,
      liquidAssetsMinor: request.liquid_assets_minor,
      annualCommitmentsMinor: request.annual_commitments_minor,
      netWorthMinor: netWorth,
      lossCapacityMinor: lossCapacityMinor(netWorth),
    })
    .returning();
  if (!row) throw new Error('loss simulation not recorded');
  return row;
}
