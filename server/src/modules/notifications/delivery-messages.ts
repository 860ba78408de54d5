import { formatDateTime, formatDay } from '@contracts/dates';
import {
  FLOOR_PLAN_STATUS_LABELS,
  type FloorPlanStatus,
  TRANSPORT_STATUS_LABELS,
  type TransportStatus,
} from '@contracts/delivery';
import { formatMi } from '@contracts/mileage-format';
import { formatAmount } from '@contracts/money';
import { composedMessage, LINKS, type VehicleFacts, vehicleName } from './notification-messages';

/** Messages about certified delivery and floor-plan payment (issue #32, docs/design.md §15). */

interface DeliveryFacts {
  vehicle: VehicleFacts;
  transactionId: number;
  dealerName: string;
}

const when = (iso: string | null) => (iso ? formatDateTime(iso, 'UTC') : null);

/** To the main contact: the transport moved (carrier assigned, picked up, in transit, delivered). */
export const transportUpdateMessage = composedMessage(
  'transport_update',
  (
    f: DeliveryFacts & {
      status: TransportStatus;
      carrierName: string | null;
      eta: string | null;
      route: string;
    },
  ) => {
    const status = TRANSPORT_STATUS_LABELS[f.status];
    const eta = when(f.eta);
    return {
      subject: `Certified delivery: ${status.toLowerCase()} — ${vehicleName(f.vehicle)}`,
      lines: [
        `Transaction #${f.transactionId}, ${f.route}: ${status}${f.carrierName ? ` (${f.carrierName})` : ''}.`,
        ...(eta ? [`Estimated arrival: ${eta}.`] : []),
        ...(f.status === 'delivered'
          ? [
              'Confirm the delivery with the odometer and a few photos on your dashboard; the guarantee runs from today.',
            ]
          : []),
      ],
      vehicle: { ...f.vehicle, price: null },
      action: f.status === 'delivered' ? 'Confirm the delivery' : 'Follow the delivery on your dashboard',
      path: LINKS.dealerDelivery(f.transactionId),
      sms: `${vehicleName(f.vehicle)} (#${f.transactionId}): ${status}${eta ? `, ETA ${eta}` : ''}.`,
    };
  },
);

/** To the billing contact: the lender approved, declined or funded the floor-plan request. */
export const floorPlanUpdateMessage = composedMessage(
  'floor_plan_update',
  (
    f: DeliveryFacts & {
      status: FloorPlanStatus;
      line: string;
      amount: string;
      reference: string | null;
      reason: string | null;
    },
  ) => ({
    subject: `Floor plan ${FLOOR_PLAN_STATUS_LABELS[f.status].toLowerCase()}: ${vehicleName(f.vehicle)}`,
    lines: [
      `${f.line}, ${formatAmount(f.amount)} for transaction #${f.transactionId}: ${FLOOR_PLAN_STATUS_LABELS[f.status]}${f.reference ? ` (ref. ${f.reference})` : ''}.`,
      ...(f.status === 'declined'
        ? [`${f.reason ?? ''} Pay by ACH, check or wire, or with another line.`.trim()]
        : f.status === 'approved'
          ? ['The vehicle may now be released: pickup or certified delivery goes ahead.']
          : []),
    ],
    vehicle: { ...f.vehicle, price: null },
    action: 'See the sale on your dashboard',
    path: LINKS.dealerDelivery(f.transactionId),
    sms: `Floor plan ${FLOOR_PLAN_STATUS_LABELS[f.status].toLowerCase()} for ${vehicleName(f.vehicle)} (#${f.transactionId}).`,
  }),
);

/** To every admin: no carrier API is configured, so our team books this transport. */
export const transportToArrangeMessage = composedMessage(
  'transport_to_arrange',
  (f: DeliveryFacts & { route: string; miles: number; price: string; pickupBy: string }) => ({
    subject: `Book transport: ${vehicleName(f.vehicle)}, ${f.route}`,
    lines: [
      `${f.dealerName} ordered certified delivery for transaction #${f.transactionId}: ${f.route}, ${formatMi(f.miles)}, ${formatAmount(f.price)}. The car may be released; pick up by ${formatDay(f.pickupBy)}.`,
      'Book a carrier and move the order on the Transport board.',
    ],
    vehicle: f.vehicle,
    action: 'Open the Transactions tab',
    path: LINKS.adminTransactions,
    sms: `Book transport for ${vehicleName(f.vehicle)} (#${f.transactionId}), ${f.route}, pick up by ${formatDay(f.pickupBy)}.`,
  }),
);

/** To every admin: a delivery confirmation is held because its odometer disagrees with the bill of sale. */
export const deliveryHeldMessage = composedMessage(
  'delivery_held',
  (f: DeliveryFacts & { note: string }) => ({
    subject: `Delivery confirmation held: ${vehicleName(f.vehicle)}`,
    lines: [
      `${f.dealerName} confirmed the delivery of transaction #${f.transactionId}. ${f.note}.`,
      'Check it, then accept the delivery in the sale’s details on the Transactions tab.',
    ],
    vehicle: f.vehicle,
    action: 'Open the Transactions tab',
    path: LINKS.adminTransactions,
    sms: `Delivery of ${vehicleName(f.vehicle)} (#${f.transactionId}) held: the odometer differs from the bill of sale.`,
  }),
);

/** To the dealer's main contact: a gate pass was withdrawn (money owed after a later charge), or issued again. */
export const gatePassChangedMessage = composedMessage(
  'gate_pass_changed',
  (f: DeliveryFacts & { withdrawn: string | null; gatePassCode: string | null }) => ({
    subject: `${f.withdrawn ? 'Gate pass withdrawn' : 'Gate pass issued again'}: ${vehicleName(f.vehicle)}`,
    lines: f.withdrawn
      ? [`Transaction #${f.transactionId}: ${f.withdrawn}`]
      : [
          `Transaction #${f.transactionId} is settled: the car may be picked up again.`,
          `Gate pass code: ${f.gatePassCode}`,
        ],
    vehicle: { ...f.vehicle, price: null },
    action: 'See the transaction in your dealer dashboard',
    path: LINKS.dealerDocuments(f.transactionId),
    sms: f.withdrawn
      ? `${vehicleName(f.vehicle)} (#${f.transactionId}): ${f.withdrawn}`
      : `${vehicleName(f.vehicle)} (#${f.transactionId}): gate pass ${f.gatePassCode} is valid again.`,
  }),
);

/** To every admin: no lender API is configured, so our team asks the lender. */
export const floorPlanToArrangeMessage = composedMessage(
  'floor_plan_to_arrange',
  (f: DeliveryFacts & { line: string; amount: string }) => ({
    subject: `Floor plan request: ${vehicleName(f.vehicle)}, ${formatAmount(f.amount)}`,
    lines: [
      `${f.dealerName} pays transaction #${f.transactionId} with ${f.line}: ${formatAmount(f.amount)}.`,
      'Ask the lender and record its answer on the Floor plan board.',
    ],
    vehicle: f.vehicle,
    action: 'Open the Transactions tab',
    path: LINKS.adminTransactions,
    sms: `Floor plan request: ${f.dealerName}, ${formatAmount(f.amount)} on ${f.line} (#${f.transactionId}).`,
  }),
);
