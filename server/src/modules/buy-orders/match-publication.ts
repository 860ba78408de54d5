import type { MatchReason } from '@contracts/buy-order-history';
import type { Transaction } from '../../db/client';
import { notifyWatchersOfPriceDrop } from '../watchlist/notify-watchers';
import { matchBuyOrders } from './match-buy-orders';
import { matchSavedSearches } from './match-saved-searches';

/**
 * What a publication is matched against, in its transaction (docs/design.md §13): the open buy orders,
 * and — when the car is new to the market, not merely cheaper — the saved searches. A price drop
 * is also told to the people watching the car (issue #30).
 */
export async function matchPublication(
  tx: Transaction,
  vehicleId: number,
  reason: MatchReason,
  /** Where a car with no location stands (LOT_ZIP): a saved search's distance measures to it. */
  lotZip: string,
) {
  await matchBuyOrders(tx, vehicleId, reason);
  if (reason === 'published') await matchSavedSearches(tx, vehicleId, lotZip);
  else await notifyWatchersOfPriceDrop(tx, vehicleId);
}
