/**
 * What a sale asks of the dealer (docs/features/dealer-dashboard.md "Needs you"), each question
 * answered once: the server keeps the sales that wait on the dealer by them (GET
 * /api/dealer/needs-you), the web sorts them into "Needs you" by the same ones. The figures and
 * states are the server's fold: this only reads them.
 */
import type { DealerTransaction } from './buying';
import { decimalToCents } from './money';

/** A live sale on which the dealer still owes money (the ledger's balance above zero). */
export const isOwing = (t: DealerTransaction) => !t.cancelled && decimalToCents(t.balance) > 0;

/** Our carrier says the car is delivered and the dealer has not confirmed it (odometer, photos). */
export const deliveryToConfirm = (t: DealerTransaction) =>
  !t.cancelled && t.transport?.status === 'delivered' && t.deliveryConfirmation === null;

/** The title was sent to the dealer, who confirms it arrived. */
export const titleToConfirm = (t: DealerTransaction) => !t.cancelled && t.titleStatus === 'sent';

/** The guarantee claims still waiting for our answer. */
export const openClaimsOf = (t: DealerTransaction) => t.claims.filter((claim) => claim.status === 'open');

/** A sale that waits on the dealer: money owed, a delivery or a title to confirm, an open claim. */
export const waitsOnDealer = (t: DealerTransaction) =>
  isOwing(t) || deliveryToConfirm(t) || titleToConfirm(t) || (!t.cancelled && openClaimsOf(t).length > 0);
