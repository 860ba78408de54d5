import { formatAmount } from '@contracts/money';
import {
  composedMessage,
  type Deadline,
  deadlineText,
  LINKS,
  timeLeftShort,
  type VehicleFacts,
  vehicleName,
} from './notification-messages';

/**
 * Messages about offers and counters (docs/design.md §6): to the admins, or to the dealer's main
 * contact. A dealer's link opens its offer on the dashboard (`offerId`; absent in a message queued
 * before it was kept, whose link opens the Offers section).
 */

/** To every admin: a new (or replaced) offer waits for an answer within its window. */
export const offerReceivedMessage = composedMessage(
  'offer_received',
  (f: { vehicle: VehicleFacts; dealerName: string; amount: string; deadline: Deadline }) => ({
    subject: `New offer of ${formatAmount(f.amount)} on ${vehicleName(f.vehicle)}`,
    lines: [
      `${f.dealerName} offered ${formatAmount(f.amount)}.`,
      `Accept, counter or decline it: ${deadlineText(f.deadline)}.`,
    ],
    vehicle: f.vehicle,
    action: 'Answer it in the Offers tab',
    path: LINKS.adminOffers,
    sms: `New offer ${formatAmount(f.amount)} from ${f.dealerName} on ${vehicleName(f.vehicle)}, ${timeLeftShort(f.deadline)} to answer.`,
  }),
);

/** To the dealer: the admin countered; the dealer's clock runs. */
export const counterSentMessage = composedMessage(
  'counter_sent',
  (f: {
    offerId?: number;
    vehicle: VehicleFacts;
    amount: string;
    counterAmount: string;
    counterMessage: string | null;
    deadline: Deadline;
  }) => ({
    subject: `Counter offer of ${formatAmount(f.counterAmount)} on ${vehicleName(f.vehicle)}`,
    lines: [
      `We answered your offer of ${formatAmount(f.amount)} with a counter offer of ${formatAmount(f.counterAmount)}.`,
      ...(f.counterMessage ? [`Message: ${f.counterMessage}`] : []),
      `Accept or decline it: ${deadlineText(f.deadline)}.`,
    ],
    vehicle: f.vehicle,
    action: 'Answer the counter offer',
    path: LINKS.dealerOffer(f.offerId),
    sms: `Counter offer ${formatAmount(f.counterAmount)} (you offered ${formatAmount(f.amount)}) on ${vehicleName(f.vehicle)}, ${timeLeftShort(f.deadline)} to answer.`,
  }),
);

/** To the dealer: the admin took back a counter; their own offer is open again. */
export const counterWithdrawnMessage = composedMessage(
  'counter_withdrawn',
  (f: { offerId?: number; vehicle: VehicleFacts; amount: string; counterAmount: string }) => ({
    subject: `Counter offer withdrawn on ${vehicleName(f.vehicle)}`,
    lines: [
      `We withdrew our counter offer of ${formatAmount(f.counterAmount)}. Your offer of ${formatAmount(f.amount)} is open again and waits for our answer.`,
    ],
    vehicle: f.vehicle,
    action: 'See your offers',
    path: LINKS.dealerOffer(f.offerId),
    sms: `Counter ${formatAmount(f.counterAmount)} on ${vehicleName(f.vehicle)} withdrawn; your offer of ${formatAmount(f.amount)} is open again.`,
  }),
);

/** To the dealer: the admin accepted (the car is sold to it: the link opens the sale) or declined its offer. */
export const offerAnsweredMessage = composedMessage(
  'offer_answered',
  (f: {
    offerId?: number;
    transactionId?: number | null;
    vehicle: VehicleFacts;
    amount: string;
    accepted: boolean;
  }) => ({
    subject: `Your offer on ${vehicleName(f.vehicle)} was ${f.accepted ? 'accepted' : 'declined'}`,
    lines: [
      f.accepted
        ? `Your offer of ${formatAmount(f.amount)} was accepted: the vehicle is yours.`
        : `Your offer of ${formatAmount(f.amount)} was declined.`,
    ],
    vehicle: f.vehicle,
    ...(f.accepted
      ? {
          action: 'See the sale in your dashboard',
          path: f.transactionId ? LINKS.dealerSale(f.transactionId) : LINKS.dealerOffer(f.offerId),
        }
      : { action: 'See your offers', path: LINKS.dealerOffer(f.offerId) }),
    sms: `Your offer of ${formatAmount(f.amount)} on ${vehicleName(f.vehicle)} was ${f.accepted ? 'accepted: the vehicle is yours' : 'declined'}.`,
  }),
);

/** To every admin: the dealer answered the counter (accepting sells the car). */
export const counterAnsweredMessage = composedMessage(
  'counter_answered',
  (f: {
    vehicle: VehicleFacts;
    dealerName: string;
    amount: string;
    counterAmount: string;
    accepted: boolean;
  }) => ({
    subject: `${f.dealerName} ${f.accepted ? 'accepted' : 'declined'} the counter of ${formatAmount(f.counterAmount)}`,
    lines: [
      `${f.dealerName} ${f.accepted ? 'accepted' : 'declined'} the counter offer of ${formatAmount(f.counterAmount)} (their offer was ${formatAmount(f.amount)}).`,
      ...(f.accepted ? ['The vehicle is sold.'] : []),
    ],
    vehicle: f.vehicle,
    ...(f.accepted
      ? { action: 'Open the Transactions tab', path: LINKS.adminTransactions }
      : { action: 'Open the Offers tab', path: LINKS.adminOffers }),
    sms: `${f.dealerName} ${f.accepted ? 'accepted' : 'declined'} the counter of ${formatAmount(f.counterAmount)} on ${vehicleName(f.vehicle)}.`,
  }),
);

/** To the dealer, two hours before its offer's (or our counter's) window closes. */
export const offerExpiringMessage = composedMessage(
  'offer_expiring',
  (f: {
    offerId?: number;
    vehicle: VehicleFacts;
    amount: string;
    counterAmount: string | null;
    deadline: Deadline;
  }) => {
    const left = timeLeftShort(f.deadline);
    return f.counterAmount
      ? {
          subject: `Counter offer of ${formatAmount(f.counterAmount)} on ${vehicleName(f.vehicle)} expires in ${left}`,
          lines: [
            `Our counter offer of ${formatAmount(f.counterAmount)} to your offer of ${formatAmount(f.amount)} is waiting for your answer.`,
            `Accept or decline it: ${deadlineText(f.deadline)}. After that it expires.`,
          ],
          vehicle: f.vehicle,
          action: 'Answer the counter offer',
          path: LINKS.dealerOffer(f.offerId),
          sms: `Counter offer ${formatAmount(f.counterAmount)} on ${vehicleName(f.vehicle)} expires in ${left}. Accept or decline it now.`,
        }
      : {
          subject: `Your offer of ${formatAmount(f.amount)} on ${vehicleName(f.vehicle)} expires in ${left}`,
          lines: [
            `Your offer of ${formatAmount(f.amount)} has not been answered yet: ${deadlineText(f.deadline)}.`,
            'To keep it open longer, make a new offer on the vehicle page: it replaces this one and runs 48 hours.',
          ],
          vehicle: f.vehicle,
          action: 'Open the vehicle page',
          path: LINKS.vehicle(f.vehicle),
          sms: `Your offer ${formatAmount(f.amount)} on ${vehicleName(f.vehicle)} expires in ${left}. A new offer renews it.`,
        };
  },
);

/** To the dealer: the window closed without an answer. */
export const offerExpiredMessage = composedMessage(
  'offer_expired',
  (f: { vehicle: VehicleFacts; amount: string; counterAmount: string | null }) => ({
    subject: f.counterAmount
      ? `The counter offer of ${formatAmount(f.counterAmount)} on ${vehicleName(f.vehicle)} expired`
      : `Your offer of ${formatAmount(f.amount)} on ${vehicleName(f.vehicle)} expired`,
    lines: [
      f.counterAmount
        ? `Our counter offer of ${formatAmount(f.counterAmount)} to your offer of ${formatAmount(f.amount)} expired without an answer.`
        : `Your offer of ${formatAmount(f.amount)} expired without an answer.`,
      'If the vehicle is still listed, you can make a new offer on its page.',
    ],
    vehicle: f.vehicle,
    action: 'Open the vehicle page',
    path: LINKS.vehicle(f.vehicle),
    sms: f.counterAmount
      ? `Counter offer ${formatAmount(f.counterAmount)} on ${vehicleName(f.vehicle)} expired.`
      : `Your offer ${formatAmount(f.amount)} on ${vehicleName(f.vehicle)} expired.`,
  }),
);

/** To the dealer: its open offer was closed by something else (the car sold, the listing removed). */
export const offerClosedMessage = composedMessage(
  'offer_closed',
  (f: { vehicle: VehicleFacts; amount: string; counterAmount: string | null; reason: string }) => ({
    subject: `Your offer on ${vehicleName(f.vehicle)} was declined: ${f.reason.toLowerCase()}`,
    lines: [
      `Your offer of ${formatAmount(f.amount)}${f.counterAmount ? ` (our counter offer: ${formatAmount(f.counterAmount)})` : ''} was declined: ${f.reason.toLowerCase()}.`,
      'Other vehicles are waiting in the inventory.',
    ],
    vehicle: f.vehicle,
    action: 'Browse the inventory',
    path: LINKS.inventory,
    sms: `Your offer ${formatAmount(f.amount)} on ${vehicleName(f.vehicle)} was declined: ${f.reason.toLowerCase()}.`,
  }),
);
