import { PAGE_PATHS } from '@contracts/routes';
import {
  compose,
  LINKS,
  type MessageContext,
  usd,
  type VehicleFacts,
  vehicleName,
} from './notification-messages';

/** Messages about sales, their transaction and the dealer's account (DESIGN.md §6). */

interface SaleFacts {
  vehicle: VehicleFacts;
  dealerName: string;
  amount: string;
  transactionId: number;
}

/** To every admin: a dealer bought a car with Buy Now. */
export const vehicleSoldMessage = (ctx: MessageContext, f: SaleFacts) =>
  compose(ctx, {
    subject: `Sold by Buy Now: ${vehicleName(f.vehicle)} for ${usd(f.amount)}`,
    lines: [`${f.dealerName} bought it with Buy Now for ${usd(f.amount)} (transaction #${f.transactionId}).`],
    vehicle: f.vehicle,
    action: 'Open the Transactions tab',
    path: LINKS.adminTransactions,
    sms: `Sold by Buy Now: ${vehicleName(f.vehicle)} to ${f.dealerName} for ${usd(f.amount)} (#${f.transactionId}).`,
  });

/** To the dealer's main and billing contacts: what they bought, for how much. */
export const purchaseReceiptMessage = (ctx: MessageContext, f: SaleFacts) =>
  compose(ctx, {
    subject: `Receipt: ${vehicleName(f.vehicle)} for ${usd(f.amount)}`,
    lines: [
      `Thank you, ${f.dealerName}. You bought this vehicle for ${usd(f.amount)} (transaction #${f.transactionId}).`,
    ],
    vehicle: f.vehicle,
    action: 'See it in your dealer dashboard',
    path: LINKS.dealerTransactions,
    sms: `Receipt: you bought ${vehicleName(f.vehicle)} for ${usd(f.amount)} (transaction #${f.transactionId}).`,
  });

/** To the billing contact: the payment was recorded. */
export const transactionPaidMessage = (ctx: MessageContext, f: SaleFacts) =>
  compose(ctx, {
    subject: `Payment received: ${vehicleName(f.vehicle)}, ${usd(f.amount)}`,
    lines: [`We recorded your payment of ${usd(f.amount)} for transaction #${f.transactionId}. Thank you.`],
    vehicle: f.vehicle,
    action: 'See the transaction in your dealer dashboard',
    path: LINKS.dealerTransactions,
    sms: `Payment of ${usd(f.amount)} received for ${vehicleName(f.vehicle)} (transaction #${f.transactionId}).`,
  });

/** To the billing contact: the sale is closed. */
export const transactionCompletedMessage = (ctx: MessageContext, f: SaleFacts & { isPaid: boolean }) =>
  compose(ctx, {
    subject: `Transaction #${f.transactionId} completed: ${vehicleName(f.vehicle)}, ${usd(f.amount)}`,
    lines: [
      `Transaction #${f.transactionId} for ${usd(f.amount)} is completed.`,
      f.isPaid ? 'It is marked as paid.' : `It is not marked as paid yet: ${usd(f.amount)} is due.`,
    ],
    vehicle: f.vehicle,
    action: 'See the transaction in your dealer dashboard',
    path: LINKS.dealerTransactions,
    sms: `Transaction #${f.transactionId} (${vehicleName(f.vehicle)}, ${usd(f.amount)}) is completed${f.isPaid ? '' : '; payment is due'}.`,
  });

/** To the title contact: the bill of sale can be downloaded (signed in as the dealer). */
export const billOfSaleUploadedMessage = (ctx: MessageContext, f: SaleFacts & { downloadPath: string }) =>
  compose(ctx, {
    subject: `Bill of sale ready: ${vehicleName(f.vehicle)}`,
    lines: [
      `The bill of sale for transaction #${f.transactionId} (${usd(f.amount)}) was uploaded.`,
      `Sign in to your dealer dashboard first if the link asks you to: ${ctx.origin}${PAGE_PATHS.dealerLogin}`,
    ],
    vehicle: f.vehicle,
    action: 'Download the bill of sale',
    path: f.downloadPath,
    sms: `Bill of sale ready for ${vehicleName(f.vehicle)} (transaction #${f.transactionId}, ${usd(f.amount)}).`,
  });

/** To the main contact: the account was deactivated; codes stop working, open offers were declined. */
export const dealerDeactivatedMessage = (
  ctx: MessageContext,
  f: { dealerName: string; declinedOffers: number },
) =>
  compose(ctx, {
    subject: `Your dealer account ${f.dealerName} was deactivated`,
    lines: [
      `The dealer account ${f.dealerName} was deactivated: its buy codes no longer work and you are signed out.`,
      ...(f.declinedOffers > 0
        ? [`${f.declinedOffers} open offer${f.declinedOffers === 1 ? ' was' : 's were'} declined.`]
        : []),
      'If you think this is a mistake, please contact us.',
    ],
    action: `Visit ${ctx.brandName}`,
    path: LINKS.home,
    sms: `Your dealer account ${f.dealerName} was deactivated; its buy codes no longer work.`,
  });
