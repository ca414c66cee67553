import { canTransition, fillMessage, type MarketState, marketState, marketStepNeeds, messages } from '@parcelle/shared';
import type { Executor } from '../../db/client';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest } from '../../http/errors';
import { audit } from '../admin/audit';
import { moveWork } from '../market/transitions';
import type { NotifyContext } from '../notifications/notify';
import { issueParts } from '../parts/register';
import { notifyWatchersOfOpening } from '../watchlist/service';
import { adminPaintingDetail, marketFacts, paintingRow } from './paintings';

/**
 * Moves a work between market states (the operator's steps of MARKET_STEPS in @parcelle/shared, through the market
 * module's `moveWork`), under the work's row lock, on the
 * conditions of `marketStepChecks` (@parcelle/shared, the console's checklist):
 * - to primary: a cover, the five documents in both languages, an appraisal and the certificate wording (the price
 *   and dimensions are required fields); the parts are issued to the register the first time; `opens_at` optional;
 * - back to shown or draft: only while no part is sold or reserved;
 * - to secondary (before a sell-out does it): from primary; to sold (exit): from secondary, once no member offers
 *   parts any more (open listings are withdrawn by their sellers first).
 * Every transition is audited with the state and opening time before and after.
 */
export async function transitionMarket(
  db: Executor,
  actor: Member,
  id: string,
  body: { to: MarketState; opens_at?: string | null },
  notify: NotifyContext,
) {
  if (body.opens_at && body.to !== 'primary') throw badRequest('OpensAtOnlyForPrimary', 'opens_at');
  await db.transaction(async (tx) => {
    const before = await paintingRow(tx, id, true);
    const from = marketState(before.market);
    if (!canTransition(from, body.to)) {
      throw new AppError(
        409,
        'MarketTransitionNotAllowed',
        'to',
        fillMessage('MarketTransitionNotAllowed', { from, to: body.to }),
      );
    }
    // The shared rule (marketStepChecks), the one the console's checklist shows: the first unmet condition's
    // refusal, naming every missing item when it is the sale's list.
    const unmet = marketStepNeeds(body.to, await marketFacts(tx, before));
    const [first] = unmet;
    if (first?.refusal === 'MarketPreconditionsMissing') {
      const list = {
        en: unmet.map((check) => messages[check.need].en).join(', '),
        fr: unmet.map((check) => messages[check.need].fr).join(', '),
      };
      throw new AppError(409, first.refusal, 'to', fillMessage(first.refusal, { missing: list }));
    }
    if (first) throw new AppError(409, first.refusal, 'to');
    if (body.to === 'primary') await issueParts(tx, before);
    const opensAt = body.to === 'primary' && body.opens_at ? new Date(body.opens_at) : null;
    const after = await moveWork(tx, id, { from, to: body.to, cause: 'operator' }, { opensAt });
    // Members watching the work are told it opens (issue 17), with the transition.
    if (body.to === 'primary') await notifyWatchersOfOpening(notify, tx, id, opensAt);
    await audit(tx, {
      actorId: actor.id,
      action: 'painting.market',
      targetType: 'painting',
      targetId: id,
      before: { market: from, opens_at: before.opensAt?.toISOString() ?? null },
      after: { market: body.to, opens_at: after.opensAt?.toISOString() ?? null },
    });
  });
  return adminPaintingDetail(db, id);
}
