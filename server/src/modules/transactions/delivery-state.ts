import type { SaleState } from '@contracts/after-sale';
import { dateInZone } from '@contracts/business-days';
import { formatDay } from '@contracts/dates';
import {
  FLOOR_PLAN_LENDER_LABELS,
  type FloorPlanLender,
  type FloorPlanStatus,
  lineLabel,
  type SaleFloorPlan,
  type SaleTransport,
  TRANSPORT_STATUS_RANK,
  type TransportStatus,
} from '@contracts/delivery';
import { formatMi } from '@contracts/mileage-format';
import { formatCents, toCents } from '@contracts/money';
import type { StoredSaleEvent } from './stored-sale-event';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const window = (value: unknown) => {
  const w = (value ?? {}) as { from?: unknown; to?: unknown };
  return { from: text(w.from), to: text(w.to) };
};

/** The ledger line a delivery or floor-plan step puts on the sale, if any. */
export interface DeliveryMoney {
  kind: 'charge' | 'credit' | 'payment';
  label: string;
}

/** A delivery or floor-plan step in words, as both sides read it on the timeline. */
export function deliverySummaryOf(event: StoredSaleEvent): string | null {
  const d = event.data;
  const amount = formatCents(toCents(text(d.amount)) ?? 0);
  switch (event.type) {
    case 'transport_ordered':
      return `Certified delivery ordered: ${text(d.fromPlace)} → ${text(d.toPlace)}, ${formatMi(num(d.miles))}${d.enclosed ? ', enclosed' : ''}, ${amount}`;
    case 'transport_status':
      return `Transport: ${transportStatusWords(d.status as TransportStatus)}${text(d.carrierName) ? ` (${text(d.carrierName)})` : ''}${text(d.note) ? `. ${text(d.note)}` : ''}`;
    case 'transport_cancelled':
      return `Certified delivery cancelled; ${amount} taken off the sale${text(d.reason) ? `: ${text(d.reason)}` : ''}`;
    case 'bol_attached':
      return `Bill of lading added (${Array.isArray(d.photoIds) ? d.photoIds.length : 0} photos)`;
    case 'delivery_confirmed':
      return `Delivery confirmed by the dealer on ${formatDay(text(d.on))}, odometer ${formatMi(num(d.odometer))}${text(d.heldNote) ? `. ${text(d.heldNote)}` : ''}`;
    case 'delivery_accepted':
      return `Delivery accepted by an admin${text(d.note) ? `: ${text(d.note)}` : ''}`;
    case 'floor_plan_requested':
      return `Floor plan requested: ${amount} on ${text(d.label)}`;
    case 'floor_plan_approved':
      return `Floor plan approved by ${lenderName(d.lender)}, ref. ${text(d.reference)}`;
    case 'floor_plan_declined':
      return `Floor plan declined by ${lenderName(d.lender)}: ${text(d.reason)}`;
    case 'floor_plan_funded':
      return `Funded by ${lenderName(d.lender)}: ${amount}, ref. ${text(d.reference)}`;
    default:
      return null;
  }
}

const lenderName = (lender: unknown) => FLOOR_PLAN_LENDER_LABELS[lender as FloorPlanLender] ?? text(lender);
const transportStatusWords = (status: TransportStatus) =>
  ({
    awaiting_release: 'waiting for payment or lender approval',
    unassigned: 'sent to carriers',
    assigned: 'carrier assigned',
    picked_up: 'picked up',
    in_transit: 'in transit',
    delivered: 'delivered',
    cancelled: 'cancelled',
  })[status] ?? status;

/**
 * The delivery and floor-plan part of a sale's state (docs/design.md §15), folded from the same
 * timeline as the rest: a transport order is a charge (taken back if cancelled), its status the
 * latest report, the hand-over the delivery (the guarantee starts there, not at the carrier's
 * pickup); a floor-plan request's approval lets the car go before the lender pays, its funding is
 * a payment. Pure, like saleStateOf.
 *
 * One delivery state (issue #44, docs/decisions/0035-one-delivery-state.md): the carrier's reports,
 * the admin's moves and the dealer's confirmation are all steps of the same transport here: a
 * confirmation delivers it (unless held for its odometer, until an admin accepts it); the windows
 * follow the release day and then the carrier's own pickup, ETA and delivery.
 */
export function deliveryFold(timeZone: string) {
  let transport: SaleTransport | null = null;
  let deliveryConfirmation: SaleState['deliveryConfirmation'] = null;
  let floorPlan: SaleFloorPlan | null = null;
  let approvedCents = 0;
  /** The day the vehicle reached the dealer (carrier's report or the dealer's confirmation). */
  let deliveredOn: string | null = null;
  let carrierPickedUp = false;
  /** The last day the carrier's delivery was promised for (the quoted window, re-issued at a late release). */
  let promisedOn: string | null = null;

  /** The car reached the dealer (their confirmation, or an admin accepting it): the transport is delivered. */
  const deliver = (on: string, at: string, by: 'dealer' | 'admin', orderId: number) => {
    deliveredOn ??= on;
    const current = transport as SaleTransport | null;
    if (!current || current.orderId !== orderId || current.status === 'cancelled') return;
    if (current.status !== 'delivered') {
      current.status = 'delivered';
      current.steps.push({ status: 'delivered', at, by, eta: null, note: null });
    }
    current.deliveryWindow = { from: on, to: on };
  };

  const step = (event: StoredSaleEvent): DeliveryMoney | null => {
    const d = event.data;
    switch (event.type) {
      case 'transport_ordered':
        transport = {
          orderId: num(d.orderId),
          status: (text(d.status) || 'awaiting_release') as TransportStatus,
          arrangedBy: d.arrangedBy === 'carrier' ? 'carrier' : 'team',
          fromZip: text(d.fromZip),
          fromPlace: text(d.fromPlace),
          toZip: text(d.toZip),
          toPlace: text(d.toPlace),
          address: text(d.address),
          miles: num(d.miles),
          enclosed: d.enclosed === true,
          inoperable: d.inoperable === true,
          price: text(d.amount),
          pickupWindow: window(d.pickupWindow),
          deliveryWindow: window(d.deliveryWindow),
          eta: null,
          carrierName: null,
          carrierReference: null,
          pickupLate: false,
          steps: [
            {
              status: (text(d.status) || 'awaiting_release') as TransportStatus,
              at: event.createdAt.toISOString(),
              by: 'system',
              eta: null,
              note: null,
            },
          ],
          bolPhotos: [],
        };
        promisedOn = window(d.deliveryWindow).to || null;
        return {
          kind: 'charge',
          label: `Certified delivery (${formatMi(num(d.miles))}${d.enclosed ? ', enclosed' : ''})`,
        };
      case 'transport_status': {
        const current = transport as SaleTransport | null;
        if (!current || current.orderId !== num(d.orderId)) return null;
        const status = d.status as TransportStatus;
        const at = text(d.at) || event.createdAt.toISOString();
        // A report older than the status reached (it arrived late) joins the history, never moves it back.
        if (TRANSPORT_STATUS_RANK[status] >= TRANSPORT_STATUS_RANK[current.status]) current.status = status;
        // Released later than quoted: the windows start from the release day (transport-orders.ts).
        if (d.pickupWindow) current.pickupWindow = window(d.pickupWindow);
        if (d.deliveryWindow) {
          current.deliveryWindow = window(d.deliveryWindow);
          promisedOn = current.deliveryWindow.to || promisedOn;
        }
        // The carrier's facts replace the estimate: the day it picked up, its ETA, the day it delivered.
        const day = dateInZone(new Date(at), timeZone);
        if ((status === 'picked_up' || status === 'in_transit') && !carrierPickedUp)
          current.pickupWindow = { from: day, to: day };
        if (text(d.eta) && status !== 'delivered') {
          const etaDay = dateInZone(new Date(text(d.eta)), timeZone);
          current.deliveryWindow = { from: etaDay, to: etaDay };
        }
        if (status === 'delivered') current.deliveryWindow = { from: day, to: day };
        if (text(d.eta)) current.eta = text(d.eta);
        if (text(d.carrierName)) current.carrierName = text(d.carrierName);
        if (text(d.carrierReference)) current.carrierReference = text(d.carrierReference);
        current.steps.push({
          status,
          at,
          by: event.actorType === 'admin' ? 'admin' : event.actorType === 'carrier' ? 'carrier' : 'system',
          eta: text(d.eta) || null,
          note: text(d.note) || null,
        });
        if (status === 'picked_up' || status === 'in_transit') carrierPickedUp = true;
        if (status === 'delivered') deliveredOn ??= dateInZone(new Date(at), timeZone);
        return null;
      }
      case 'transport_cancelled': {
        const current = transport as SaleTransport | null;
        if (current && current.orderId === num(d.orderId)) current.status = 'cancelled';
        return { kind: 'credit', label: 'Certified delivery cancelled' };
      }
      case 'delivery_confirmed': {
        const held = d.held === true;
        deliveryConfirmation = {
          on: text(d.on),
          at: event.createdAt.toISOString(),
          odometer: num(d.odometer),
          photos: [],
          held,
          note: text(d.heldNote) || null,
          acceptedAt: null,
        };
        if (!held) deliver(text(d.on), event.createdAt.toISOString(), 'dealer', num(d.orderId));
        return null;
      }
      case 'delivery_accepted': {
        const confirmation = deliveryConfirmation as SaleState['deliveryConfirmation'];
        if (!confirmation?.held) return null;
        confirmation.held = false;
        confirmation.acceptedAt = event.createdAt.toISOString();
        // Delivered when the dealer said so, accepted now.
        deliver(confirmation.on, confirmation.at, 'admin', (transport as SaleTransport | null)?.orderId ?? 0);
        return null;
      }
      case 'floor_plan_requested':
        floorPlan = {
          requestId: num(d.requestId),
          lender: d.lender as FloorPlanLender,
          label: text(d.label) || lineLabel(d.lender as FloorPlanLender, text(d.last4)),
          amount: text(d.amount),
          status: 'requested',
          reference: null,
          reason: null,
          arrangedBy: d.arrangedBy === 'lender' ? 'lender' : 'team',
        };
        approvedCents = 0;
        return null;
      case 'floor_plan_approved':
      case 'floor_plan_declined':
      case 'floor_plan_funded': {
        const current = floorPlan as SaleFloorPlan | null;
        if (!current || current.requestId !== num(d.requestId)) return null;
        current.status = event.type.replace('floor_plan_', '') as FloorPlanStatus;
        if (event.type === 'floor_plan_approved') {
          current.reference = text(d.reference) || null;
          approvedCents = toCents(text(d.amount)) ?? toCents(current.amount) ?? 0;
          current.amount = text(d.amount) || current.amount;
        }
        if (event.type === 'floor_plan_declined') current.reason = text(d.reason) || null;
        if (event.type === 'floor_plan_funded') {
          current.reference = text(d.reference) || current.reference;
          return { kind: 'payment', label: `Funded by ${lenderName(current.lender)}` };
        }
        return null;
      }
      default:
        return null;
    }
  };

  return {
    step,
    /** Whether the lender's approval covers what is owed (the release rule's second way out). */
    lenderCovers: (balanceCents: number) =>
      (floorPlan as SaleFloorPlan | null)?.status === 'approved' && approvedCents >= balanceCents,
    /** A transport was ordered and not cancelled: the guarantee waits for the delivery. */
    transportOrdered: () => {
      const current = transport as SaleTransport | null;
      return current !== null && current.status !== 'cancelled';
    },
    deliveredOn: () => deliveredOn,
    /**
     * The day a transport we ordered, released to the carrier and not cancelled, was promised to arrive
     * by (the guarantee pauses after it), or null: a car still held for its money or reconditioning is
     * not the carrier's delay (its windows are re-issued at the release).
     */
    promisedDeliveryOn: () => {
      const current = transport as SaleTransport | null;
      return current && current.status !== 'cancelled' && current.status !== 'awaiting_release'
        ? promisedOn
        : null;
    },
    carrierPickedUp: () => carrierPickedUp,
    result: (today: string) => {
      const current = transport as SaleTransport | null;
      if (current) current.steps.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
      if (current)
        current.pickupLate =
          ['awaiting_release', 'unassigned', 'assigned'].includes(current.status) &&
          current.pickupWindow.to !== '' &&
          today > current.pickupWindow.to;
      return { transport: current, deliveryConfirmation, floorPlan };
    },
  };
}
