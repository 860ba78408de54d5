import {
  CLAIM_CATEGORIES,
  CLAIM_DECISIONS,
  type ClaimCategory,
  type ClaimDecision,
  ODOMETER_STATUSES,
  type OdometerStatus,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PickupStatus,
  type SaleEvent,
  type SaleEventType,
  type SaleState,
  type SaleTerms,
  type TitleStatus,
} from '@contracts/after-sale';
import { addBusinessDays, dateInZone, daysBetween, endOfDayInZone } from '@contracts/business-days';
import { centsToDecimal, formatUsd, toCents } from '@contracts/money';

/** A stored step of the timeline (transaction_events). */
export interface StoredSaleEvent {
  id: number;
  type: string;
  data: Record<string, unknown>;
  actorType: string;
  createdAt: Date;
}

export interface SaleFacts {
  amount: string;
  createdAt: Date;
  cancelled: boolean;
  terms: SaleTerms;
}

const usd = (cents: number) => formatUsd(cents / 100, { cents: true });
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A step in words, as both sides read it on the timeline. */
function summaryOf(event: StoredSaleEvent): string {
  const d = event.data;
  switch (event.type as SaleEventType) {
    case 'payment_recorded': {
      const method = PAYMENT_METHODS[d.method as PaymentMethod] ?? text(d.method);
      const reference = text(d.reference) ? ` (ref. ${text(d.reference)})` : '';
      return `Payment of ${usd(toCents(text(d.amount)) ?? 0)} by ${method}${reference}, received ${text(d.receivedOn)}`;
    }
    case 'title_received':
      return d.withDeal ? 'Title received with the deal' : 'Title received';
    case 'title_sent':
      return `Title sent to the dealer by ${text(d.carrier)}, tracking ${text(d.trackingNumber)}`;
    case 'title_confirmed':
      return 'Title received by the dealer';
    case 'pickup_ready':
      return `Ready for pickup at ${text(d.address)} (${text(d.hours)})`;
    case 'picked_up':
      return `Picked up on ${text(d.on)} by ${text(d.by)}`;
    case 'delivered':
      return `Delivered by ${text(d.carrier)} on ${text(d.on)}`;
    case 'unwind_requested':
      return `Unwind requested: ${text(d.reason)}`;
    case 'unwind_declined':
      return `Unwind request declined: ${text(d.reason)}`;
    case 'claim_opened':
      return `Claim opened (${CLAIM_CATEGORIES[d.category as ClaimCategory] ?? text(d.category)}, estimate ${usd(toCents(text(d.estimate)) ?? 0)}): ${text(d.description)}`;
    case 'claim_answered': {
      const decision = CLAIM_DECISIONS[d.decision as ClaimDecision] ?? text(d.decision);
      const amount = d.decision === 'adjusted' ? ` ${usd(toCents(text(d.amount)) ?? 0)}` : '';
      return `Claim answered: ${decision}${amount}. ${text(d.reason)}`;
    }
    case 'odometer_stated':
      return `Odometer statement: ${ODOMETER_STATUSES[d.status as OdometerStatus] ?? text(d.status)}`;
    case 'cancelled':
      return 'Sale cancelled; the vehicle is listed again';
    default:
      return event.type;
  }
}

const byOf = (actorType: string): SaleEvent['by'] =>
  actorType === 'admin' ? 'admin' : actorType === 'dealer' ? 'dealer' : 'system';

/**
 * The state of a sale from its terms and its timeline at `now` (DESIGN.md §8): payment due
 * `paymentDays` business days after the sale day (in the terms' time zone, at the end of that
 * day), paid in full once the recorded payments reach the price (plus the late fee when paid
 * late); title due 5 business days after the sale when it came with the deal, else 21, late until
 * sent; the guarantee runs `guaranteeDays` business days from pickup or delivery. Pure: the same
 * inputs give the same state.
 */
export function saleStateOf(sale: SaleFacts, events: readonly StoredSaleEvent[], now: Date): SaleState {
  const { terms } = sale;
  const saleDay = dateInZone(sale.createdAt, terms.timeZone);
  const today = dateInZone(now, terms.timeZone);
  const paymentDueOn = addBusinessDays(saleDay, terms.paymentDays);
  const priceCents = toCents(sale.amount) ?? 0;

  let paidCents = 0;
  const payments: { cents: number; on: string }[] = [];
  let paidInFullOn: string | null = null;
  let titleStatus: TitleStatus = 'absent';
  let titleWithDeal = false;
  let pickupStatus: PickupStatus = 'not_ready';
  let gatePassCode: string | null = null;
  let handedOverOn: string | null = null;
  let unwindRequested = false;
  let adjustmentCents = 0;
  let odometerStatus: OdometerStatus = 'actual';
  const claims: SaleState['claims'] = [];
  const lateFeeCents = Math.round((priceCents * terms.lateFeePercent) / 100);

  for (const event of events) {
    const d = event.data;
    switch (event.type as SaleEventType) {
      case 'payment_recorded':
        payments.push({ cents: toCents(text(d.amount)) ?? 0, on: text(d.receivedOn) });
        break;
      case 'title_received':
        titleStatus = 'received';
        titleWithDeal ||= d.withDeal === true;
        break;
      case 'title_sent':
        titleStatus = 'sent';
        break;
      case 'title_confirmed':
        titleStatus = 'confirmed';
        break;
      case 'pickup_ready':
        pickupStatus = 'ready';
        gatePassCode = text(d.gatePassCode) || null;
        break;
      case 'picked_up':
      case 'delivered':
        pickupStatus = event.type === 'picked_up' ? 'picked_up' : 'delivered';
        handedOverOn = text(d.on);
        break;
      case 'unwind_requested':
        unwindRequested = true;
        break;
      case 'unwind_declined':
        unwindRequested = false;
        break;
      case 'odometer_stated':
        odometerStatus = d.status as OdometerStatus;
        break;
      case 'claim_opened':
        claims.push({
          id: event.id,
          category: d.category as ClaimCategory,
          description: text(d.description),
          estimate: text(d.estimate),
          openedAt: event.createdAt.toISOString(),
          status: 'open',
          answer: null,
          adjustment: null,
          // Filled by sale-timeline.ts from the photo ids (this function reads no database).
          photos: [],
          videoUrl: text(d.videoUrl) || null,
        });
        break;
      case 'claim_answered': {
        const claim = claims.find((c) => c.id === d.claimId);
        if (!claim) break;
        claim.status = d.decision as ClaimDecision;
        claim.answer = text(d.reason);
        if (d.decision === 'adjusted') {
          const cents = toCents(text(d.amount)) ?? 0;
          claim.adjustment = centsToDecimal(cents);
          adjustmentCents += cents;
        }
        break;
      }
    }
  }

  // Paid in full on the day the payments reached the price less adjustments (plus the fee if late).
  for (const payment of payments) {
    paidCents += payment.cents;
    const owed = priceCents - adjustmentCents + (payment.on > paymentDueOn ? lateFeeCents : 0);
    if (paidInFullOn === null && paidCents >= owed) paidInFullOn = payment.on;
  }
  const overdue = paidInFullOn === null && today > paymentDueOn;
  const paidLate = paidInFullOn !== null && paidInFullOn > paymentDueOn;
  const lateFee = overdue || paidLate ? lateFeeCents : 0;
  const titleDueOn = addBusinessDays(
    saleDay,
    titleWithDeal ? terms.titleDaysWithDeal : terms.titleDaysAbsent,
  );
  const titleDelivered = titleStatus === 'sent' || titleStatus === 'confirmed';
  const titleLate = !titleDelivered && today > titleDueOn;
  const guaranteeEndsOn = handedOverOn ? addBusinessDays(handedOverOn, terms.guaranteeDays) : null;
  const end = (date: string) => endOfDayInZone(date, terms.timeZone).toISOString();

  return {
    paymentDueAt: end(paymentDueOn),
    paidAmount: centsToDecimal(paidCents),
    amountDue: centsToDecimal(priceCents - adjustmentCents + lateFee),
    lateFee: centsToDecimal(lateFee),
    paidInFull: paidInFullOn !== null,
    daysLate: overdue ? daysBetween(paymentDueOn, today) : 0,
    titleStatus,
    titleDueAt: end(titleDueOn),
    titleLate,
    canRequestUnwind: titleLate && !unwindRequested && !sale.cancelled,
    unwindRequested,
    pickupStatus,
    gatePassCode,
    guaranteeEndsAt: guaranteeEndsOn ? end(guaranteeEndsOn) : null,
    odometerStatus,
    canOpenClaim:
      !sale.cancelled &&
      guaranteeEndsOn !== null &&
      today <= guaranteeEndsOn &&
      !claims.some((c) => c.status === 'open'),
    claims,
    adjustments: centsToDecimal(adjustmentCents),
    terms,
    timeline: [
      {
        id: 0,
        type: 'sold',
        at: sale.createdAt.toISOString(),
        by: 'system',
        summary: `Sold for ${usd(priceCents)}; payment due ${paymentDueOn}`,
        data: {},
      },
      ...events.map((event) => ({
        id: event.id,
        type: event.type as SaleEventType,
        at: event.createdAt.toISOString(),
        by: byOf(event.actorType),
        summary: summaryOf(event),
        data: event.data,
      })),
    ],
  };
}
