import {
  BUYBACK_DESTINATIONS,
  type BuybackDestination,
  CLAIM_CATEGORIES,
  CLAIM_DECISION_LABELS,
  type ClaimCategory,
  type ClaimDecision,
  ODOMETER_STATUS_LABELS,
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
import {
  CLAIM_CASE_STAGES,
  type ClaimCase,
  type ClaimCaseInput,
  claimCaseOf,
  DEFAULT_CLAIM_SLA,
  REPORT_SECTIONS,
  type ReportSection,
} from '@contracts/claim-cases';
import { claimCreditOf, claimCreditText } from '@contracts/claim-coverage';
import { DAMAGE_PANELS, DAMAGE_TYPES, type DamagePanel, type DamageType } from '@contracts/condition-report';
import { formatDay } from '@contracts/dates';
import {
  DELIVERY_STATUS_LABELS,
  type DeliveryStatus,
  gatePassWithdrawnText,
  HOLD_TEXT,
  type HoldReason,
  type SaleTransport,
} from '@contracts/delivery';
import { centsToDecimal, formatCents, toCents } from '@contracts/money';
import type { TransactionStatus } from '@contracts/statuses';
import { reconNotFinishedText } from '@contracts/work-order-texts';
import { deliveryFold, deliverySummaryOf } from './delivery-state';
import { guaranteeClockOf } from './guarantee-clock';
import { dealOf, type LedgerLine, ledgerEntries, ledgerTotals } from './sale-ledger';
import type { StoredSaleEvent } from './stored-sale-event';

export interface SaleFacts {
  amount: string;
  createdAt: Date;
  cancelled: boolean;
  terms: SaleTerms;
  /** The spec's status (the admin's Mark completed); absent: pending. */
  status?: TransactionStatus;
  /** The sale's work order, if any (its state comes from the recon module): an open one holds the car. */
  reconditioning?: { open: boolean; done: number; total: number } | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A step in words, as both sides read it on the timeline. */
function summaryOf(event: StoredSaleEvent): string {
  const d = event.data;
  switch (event.type as SaleEventType) {
    case 'recon_package':
      return `Reconditioning package: ${text(d.name)}, ${formatCents(toCents(text(d.amount)) ?? 0)}`;
    case 'payment_recorded': {
      // "unrecorded": a sale marked paid before payments were recorded (migration 0011).
      const method = PAYMENT_METHODS[d.method as PaymentMethod] ?? 'an unrecorded method';
      const reference = text(d.reference) ? ` (ref. ${text(d.reference)})` : '';
      return `Payment of ${formatCents(toCents(text(d.amount)) ?? 0)} by ${method}${reference}, received ${formatDay(text(d.receivedOn))}`;
    }
    case 'refund_recorded': {
      const method = PAYMENT_METHODS[d.method as PaymentMethod] ?? text(d.method);
      const reference = text(d.reference) ? ` (ref. ${text(d.reference)})` : '';
      return `Refund of ${formatCents(toCents(text(d.amount)) ?? 0)} paid to the dealer by ${method}${reference} on ${formatDay(text(d.paidOn))}`;
    }
    case 'title_received':
      return d.withDeal ? 'Title received with the deal' : 'Title received';
    case 'title_sent':
      return d.to === 'lender'
        ? `Title sent to the floor-plan lender (${text(d.lender)}) by ${text(d.carrier)}, tracking ${text(d.trackingNumber)}`
        : `Title sent to the dealer by ${text(d.carrier)}, tracking ${text(d.trackingNumber)}`;
    case 'title_confirmed':
      return 'Title received by the dealer';
    case 'pickup_ready':
      return `Ready for pickup at ${text(d.address)} (${text(d.hours)})`;
    case 'picked_up':
      return `Picked up on ${formatDay(text(d.on))} by ${text(d.by)}`;
    case 'delivered':
      return `Delivered by ${text(d.carrier)} on ${formatDay(text(d.on))}`;
    case 'unwind_requested':
      return `Unwind requested: ${text(d.reason)}`;
    case 'unwind_declined':
      return `Unwind request declined: ${text(d.reason)}`;
    case 'claim_opened':
      return `Claim opened (${CLAIM_CATEGORIES[d.category as ClaimCategory] ?? text(d.category)}, estimate ${formatCents(toCents(text(d.estimate)) ?? 0)}): ${text(d.description)}`;
    case 'claim_evidence_added': {
      const items = [
        (d.photoIds as unknown[] | undefined)?.length ? `${(d.photoIds as unknown[]).length} photo(s)` : '',
        d.videoUrl ? 'a video' : '',
        d.estimate ? `estimate ${formatCents(toCents(text(d.estimate)) ?? 0)}` : '',
      ].filter(Boolean);
      const what = items.length ? `Evidence added (${items.join(', ')}) for ${reportLineOf(d)}` : '';
      return [what, d.complete ? 'Evidence complete' : ''].filter(Boolean).join('. ');
    }
    case 'claim_closed':
      return `Claim closed: ${CLAIM_CASE_STAGES.closed.toLowerCase()} by ${formatDay(text(d.evidenceDueOn))}`;
    case 'claim_escalated':
      return `Claim escalated: no decision by ${formatDay(text(d.decisionDueOn))}`;
    case 'claim_payment_late':
      return `Claim refund late: ${formatCents(toCents(text(d.owed)) ?? 0)} was due by ${formatDay(text(d.payDueOn))}`;
    case 'claim_answered': {
      const decision = CLAIM_DECISION_LABELS[d.decision as ClaimDecision] ?? text(d.decision);
      const credit = d.decision === 'adjusted' ? creditOfStep(d) : null;
      // No deductible: as before ("Price adjusted $425"); else the arithmetic, as the admin confirmed it.
      const amount = !credit
        ? ''
        : toCents(credit.deductible)
          ? ` (${claimCreditText(credit)})`
          : ` ${formatCents(toCents(credit.decided) ?? 0)}`;
      const destination =
        d.decision === 'unwound' && d.destination === 'reconditioning'
          ? ` (${BUYBACK_DESTINATIONS.reconditioning.toLowerCase()})`
          : '';
      return `Claim answered: ${decision}${amount}${destination}. ${text(d.reason)}`;
    }
    case 'odometer_stated':
      return `Odometer statement: ${ODOMETER_STATUS_LABELS[d.status as OdometerStatus] ?? text(d.status)}`;
    case 'cancelled':
      return 'Sale cancelled; the vehicle is listed again';
    default:
      return deliverySummaryOf(event) ?? event.type;
  }
}

/**
 * An adjustment step's credit: the amount decided less the deductible the step recorded (the sale's
 * terms at the decision; none on steps recorded before deductibles applied).
 */
const creditOfStep = (d: Record<string, unknown>) =>
  claimCreditOf(text(d.amount) || '0', text(d.deductible) || '0');

/** The condition report section a claim's category is about; the others are not in the report. */
const sectionOfCategory = (category: ClaimCategory): ReportSection =>
  category === 'body' ? 'damage' : category === 'warning_light' ? 'warning_lights' : 'undisclosed';

/** An evidence step's report line in words ("Hood: Dent", "Warning light P0420", "Not in the report"). */
function reportLineOf(d: Record<string, unknown>): string {
  const section = d.section as ReportSection;
  if (section === 'damage' && d.panel)
    return `${DAMAGE_PANELS[d.panel as DamagePanel] ?? text(d.panel)}${d.damageType ? `: ${DAMAGE_TYPES[d.damageType as DamageType] ?? text(d.damageType)}` : ''}`;
  if (section === 'warning_lights' && d.code) return `Warning light ${text(d.code)}`;
  return REPORT_SECTIONS[section] ?? text(section);
}

const byOf = (actorType: string): SaleEvent['by'] =>
  actorType === 'admin' ? 'admin' : actorType === 'dealer' ? 'dealer' : 'system';

/**
 * The state of a sale from its terms and its timeline at `now` (docs/design.md §8, issue #27): payment
 * due `paymentDays` business days after the sale day (in the terms' time zone, at the end of that
 * day). Money is one ledger — the price, payments, refunds, credits (claim adjustments, the price
 * taken back by an unwind) and charges (the late fee, once the due date passed without the payments
 * by then covering the price less credits) — and every money figure is its fold (sale-ledger.ts):
 * paid in full (the spec's paid flag) when a live sale's balance is zero or less, a refund owed when
 * below zero. Title due 5 business days after the sale when it came with the deal, else 21, late
 * until sent; the guarantee is its clock (guarantee-clock.ts). Pure: the
 * same inputs give the same state.
 */
export function saleStateOf(sale: SaleFacts, events: readonly StoredSaleEvent[], now: Date): SaleState {
  const { terms } = sale;
  const saleDay = dateInZone(sale.createdAt, terms.timeZone);
  const today = dateInZone(now, terms.timeZone);
  const paymentDueOn = addBusinessDays(saleDay, terms.paymentDays);
  const priceCents = toCents(sale.amount) ?? 0;

  const lines: LedgerLine[] = [
    {
      kind: 'price',
      part: 'price',
      label: 'Price',
      cents: priceCents,
      on: saleDay,
      method: null,
      reference: null,
      by: 'system',
      eventId: null,
    },
  ];
  let titleStatus: TitleStatus = 'absent';
  let titleWithDeal = false;
  let pickupStatus: PickupStatus = 'not_ready';
  let gatePassCode: string | null = null;
  let handedOverOn: string | null = null;
  let unwindRequested = false;
  let adjustmentCents = 0;
  let odometerStatus: OdometerStatus = 'actual';
  const claims: SaleState['claims'] = [];
  const caseInputs = new Map<number, ClaimCaseInput>();
  // Each award's payout (issue #48): the refund it made owed, covered by the refunds recorded after it,
  // oldest award first.
  const payouts = new Map<number, NonNullable<ClaimCaseInput['payout']> & { leftCents: number }>();
  const refundOwedNow = () => ledgerTotals(lines).refundOwedCents;
  const lateFeeCents = Math.round((priceCents * terms.lateFeePercent) / 100);
  const money = (
    event: StoredSaleEvent,
    kind: LedgerLine['kind'],
    part: LedgerLine['part'],
    label: string,
    on: string,
  ) => {
    const d = event.data;
    lines.push({
      kind,
      part,
      label,
      cents: toCents(text(d.amount)) ?? 0,
      on,
      method: (PAYMENT_METHODS[d.method as PaymentMethod] ? d.method : null) as PaymentMethod | null,
      reference: text(d.reference) || null,
      by: byOf(event.actorType),
      eventId: event.id,
    });
  };

  // The sale is undone: whatever it still cost is taken back, so what was paid is owed back.
  let takenBack = false;
  const takeBack = (on: string, by: LedgerLine['by'], eventId: number | null) => {
    const { priceCents: p, chargeCents, creditCents } = ledgerTotals(lines);
    takenBack = true;
    if (p + chargeCents - creditCents > 0)
      lines.push({
        kind: 'credit',
        part: 'credits',
        label: 'Sale cancelled (price taken back)',
        cents: p + chargeCents - creditCents,
        on,
        method: null,
        reference: null,
        by,
        eventId,
      });
  };

  // Certified delivery and floor plan (docs/design.md §15), folded from the same timeline.
  const delivery = deliveryFold(terms.timeZone);
  for (const event of events) {
    const d = event.data;
    const eventDay = dateInZone(event.createdAt, terms.timeZone);
    const deliveryMoney = delivery.step(event);
    if (deliveryMoney)
      money(
        event,
        deliveryMoney.kind,
        deliveryMoney.kind === 'payment' ? 'payment' : 'delivery',
        deliveryMoney.label,
        eventDay,
      );
    switch (event.type as SaleEventType) {
      case 'recon_package':
        money(event, 'charge', 'reconditioning', `Reconditioning: ${text(d.name)}`, eventDay);
        break;
      case 'payment_recorded':
        money(event, 'payment', 'payment', 'Payment received', text(d.receivedOn));
        break;
      case 'refund_recorded':
        money(event, 'refund', 'refund', 'Refund paid to the dealer', text(d.paidOn));
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
          decidedAmount: null,
          deductible: null,
          destination: null,
          // Filled by sale-timeline.ts from the photo ids (this function reads no database).
          photos: [],
          videoUrl: text(d.videoUrl) || null,
          section: sectionOfCategory(d.category as ClaimCategory),
          evidence: [],
          // Computed below, once the timeline is read (claimCaseOf).
          case: null as unknown as ClaimCase,
          escalated: false,
          paymentLate: false,
        });
        caseInputs.set(event.id, {
          openedAt: event.createdAt,
          openedWithMedia: Array.isArray(d.photoIds) && d.photoIds.length > 0 ? true : Boolean(d.videoUrl),
          openedComplete: d.evidenceComplete === true,
          evidence: [],
          decidedAt: null,
          awards: false,
          closedMarked: false,
          escalatedMarked: false,
          paymentLateMarked: false,
        });
        break;
      case 'claim_evidence_added': {
        const claim = claims.find((c) => c.id === d.claimId);
        const input = caseInputs.get(Number(d.claimId));
        if (!claim || !input) break;
        const section = d.section as ReportSection;
        if (claim.section === 'undisclosed' && section !== 'undisclosed') claim.section = section;
        const withMedia = (Array.isArray(d.photoIds) && d.photoIds.length > 0) || Boolean(d.videoUrl);
        input.evidence.push({ at: event.createdAt, withMedia, complete: d.complete === true });
        if (d.estimate) claim.estimate = text(d.estimate);
        if (withMedia || d.estimate || text(d.note))
          claim.evidence.push({
            id: event.id,
            at: event.createdAt.toISOString(),
            section,
            line: reportLineOf(d),
            photos: [],
            videoUrl: text(d.videoUrl) || null,
            estimate: text(d.estimate) || null,
            note: text(d.note),
          });
        break;
      }
      case 'claim_closed':
      case 'claim_escalated': {
        const claim = claims.find((c) => c.id === d.claimId);
        const input = caseInputs.get(Number(d.claimId));
        if (!claim || !input) break;
        if (event.type === 'claim_closed') input.closedMarked = true;
        else {
          input.escalatedMarked = true;
          claim.escalated = true;
        }
        break;
      }
      case 'claim_answered': {
        const claim = claims.find((c) => c.id === d.claimId);
        if (!claim) break;
        const input = caseInputs.get(claim.id)!;
        input.decidedAt = event.createdAt;
        input.awards = d.decision !== 'denied';
        claim.status = d.decision as ClaimDecision;
        claim.answer = text(d.reason);
        if (d.decision === 'unwound')
          claim.destination = (
            d.destination === 'reconditioning' ? 'reconditioning' : 'listed'
          ) as BuybackDestination;
        const owedBefore = refundOwedNow();
        if (d.decision === 'adjusted') {
          // The ledger credits the amount decided less the deductible (docs/decisions/0043-claim-coverage-and-deductible.md).
          const credit = creditOfStep(d);
          const cents = toCents(credit.credited) ?? 0;
          claim.adjustment = credit.credited;
          claim.decidedAmount = credit.decided;
          claim.deductible = credit.deductible;
          adjustmentCents += cents;
          if (cents > 0)
            lines.push({
              kind: 'credit',
              part: 'credits',
              label: `Claim adjustment (${CLAIM_CATEGORIES[claim.category]})${toCents(credit.deductible) ? `: ${claimCreditText(credit)}` : ''}`,
              cents,
              on: eventDay,
              method: null,
              reference: null,
              by: byOf(event.actorType),
              eventId: event.id,
            });
          const owedCents = refundOwedNow() - owedBefore;
          payouts.set(claim.id, {
            owedCents,
            creditedCents: cents - owedCents,
            paidOn: null,
            leftCents: owedCents,
          });
        }
        // A buyback's payout is the price taken back by the cancellation that follows it.
        if (d.decision === 'unwound')
          payouts.set(claim.id, { owedCents: 0, creditedCents: 0, paidOn: null, leftCents: 0 });
        break;
      }
      case 'cancelled': {
        const owedBefore = refundOwedNow();
        takeBack(eventDay, byOf(event.actorType), event.id);
        const buyback = payouts.get(Number(d.claimId));
        if (buyback) buyback.owedCents = buyback.leftCents = refundOwedNow() - owedBefore;
        break;
      }
      case 'claim_payment_late': {
        const claim = claims.find((c) => c.id === d.claimId);
        const input = caseInputs.get(Number(d.claimId));
        if (claim && input) claim.paymentLate = input.paymentLateMarked = true;
        break;
      }
    }
    // A refund pays the awards still owed, oldest first; the one it covers is paid that day.
    if (event.type === 'refund_recorded') {
      let cents = toCents(text(d.amount)) ?? 0;
      for (const payout of payouts.values()) {
        if (cents <= 0) break;
        if (payout.leftCents <= 0) continue;
        const part = Math.min(cents, payout.leftCents);
        payout.leftCents -= part;
        cents -= part;
        if (payout.leftCents === 0) payout.paidOn = text(d.paidOn);
      }
    }
  }

  // A sale cancelled before cancellations were on the timeline.
  if (sale.cancelled && !takenBack)
    takeBack(events.at(-1) ? dateInZone(events.at(-1)!.createdAt, terms.timeZone) : saleDay, 'admin', null);
  // The late fee: once the due date passed and what was paid by then did not cover the price less credits.
  const paidByDue = lines
    .filter((line) => line.kind === 'payment' && line.on <= paymentDueOn)
    .reduce((total, line) => total + line.cents, 0);
  const lateFee =
    lateFeeCents > 0 && !sale.cancelled && today > paymentDueOn && paidByDue < priceCents - adjustmentCents
      ? lateFeeCents
      : 0;
  if (lateFee > 0)
    lines.push({
      kind: 'charge',
      part: 'fees',
      label: `Late fee (${terms.lateFeePercent}% of the price)`,
      cents: lateFee,
      on: addBusinessDays(paymentDueOn, 1),
      method: null,
      reference: null,
      by: 'system',
      eventId: null,
    });
  // Oldest first; the same day keeps the order of recording (sort is stable).
  lines.sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0));
  const totals = ledgerTotals(lines);
  const settled = !sale.cancelled && totals.balanceCents <= 0;
  // The release rule's second way out: a floor-plan lender approved what is owed.
  const lenderApproved = !sale.cancelled && !settled && delivery.lenderCovers(totals.balanceCents);
  const overdue = !sale.cancelled && !lenderApproved && totals.balanceCents > 0 && today > paymentDueOn;
  // With certified delivery the car is handed over when it arrives, whoever reports it first.
  if (delivery.transportOrdered() || delivery.deliveredOn()) {
    if (delivery.deliveredOn()) {
      pickupStatus = 'delivered';
      handedOverOn = delivery.deliveredOn();
    } else if (delivery.carrierPickedUp()) {
      pickupStatus = 'picked_up';
      handedOverOn = null;
    }
  }
  const deliveryState = delivery.result(today);
  const titleDueOn = addBusinessDays(
    saleDay,
    titleWithDeal ? terms.titleDaysWithDeal : terms.titleDaysAbsent,
  );
  const titleDelivered = titleStatus === 'sent' || titleStatus === 'confirmed';
  const titleLate = !titleDelivered && today > titleDueOn;
  // The guarantee clock (docs/decisions/0040-guarantee-clock.md): one function, read by the claim rule too.
  const guarantee = guaranteeClockOf({
    terms,
    cancelled: sale.cancelled,
    handedOverOn,
    transport: delivery.promisedDeliveryOn()
      ? { promisedOn: delivery.promisedDeliveryOn(), deliveredOn: delivery.deliveredOn() }
      : null,
    today,
  });
  const guaranteeEndsOn = guarantee.endsOn;
  const end = (date: string) => endOfDayInZone(date, terms.timeZone).toISOString();
  // Each claim's case (docs/decisions/0041-claim-cases.md): one pure function of its steps.
  for (const claim of claims) {
    const payout = payouts.get(claim.id);
    claim.case = claimCaseOf(
      {
        ...caseInputs.get(claim.id)!,
        payout: payout && {
          owedCents: payout.owedCents,
          creditedCents: payout.creditedCents,
          paidOn: payout.paidOn,
        },
      },
      terms.claimSla ?? DEFAULT_CLAIM_SLA,
      terms.timeZone,
      now,
    );
    if (claim.case.stage === 'closed') claim.status = 'closed';
  }

  // One delivery state and one hold (issue #44, docs/decisions/0035-one-delivery-state.md).
  const reconOpen = !sale.cancelled && sale.reconditioning?.open === true;
  const moneyHeld = !sale.cancelled && !settled && !lenderApproved;
  const releasable = !sale.cancelled && !moneyHeld && !reconOpen;
  const transport = deliveryState.transport as SaleTransport | null;
  const liveTransport = transport && transport.status !== 'cancelled' ? transport : null;
  const deliveryStatus: DeliveryStatus = sale.cancelled
    ? 'cancelled'
    : pickupStatus === 'delivered'
      ? 'delivered'
      : liveTransport
        ? // Collected at our lot (the admin's step) before any carrier came: picked up.
          pickupStatus === 'picked_up' && !delivery.carrierPickedUp()
          ? 'picked_up'
          : liveTransport.status
        : pickupStatus === 'picked_up'
          ? 'picked_up'
          : !releasable
            ? 'awaiting_release'
            : pickupStatus === 'ready'
              ? 'ready_for_pickup'
              : 'released';
  const handedOver = ['picked_up', 'in_transit', 'delivered'].includes(deliveryStatus);
  const heldConfirmation = deliveryState.deliveryConfirmation?.held
    ? deliveryState.deliveryConfirmation
    : null;
  const owedText = formatCents(Math.max(0, totals.balanceCents));
  const reconText = sale.reconditioning
    ? reconNotFinishedText(sale.reconditioning.total - sale.reconditioning.done, sale.reconditioning.total)
    : '';
  const [holdReason, holdText]: [HoldReason, string | null] = sale.cancelled
    ? ['none', null]
    : moneyHeld
      ? ['money', `${HOLD_TEXT.money(owedText)}${reconOpen && !handedOver ? `; ${reconText}` : ''}`]
      : reconOpen && !handedOver
        ? ['reconditioning', reconText]
        : heldConfirmation
          ? ['transport', heldConfirmation.note]
          : liveTransport && deliveryStatus !== 'delivered' && deliveryStatus !== 'picked_up'
            ? ['transport', transportHoldText(liveTransport)]
            : handedOver && !titleDelivered
              ? ['title', titleLate ? HOLD_TEXT.titleLate(titleDueOn) : HOLD_TEXT.titleDue(titleDueOn)]
              : ['none', null];
  // A gate pass exists only while the car may leave; a later charge withdraws it, settling re-issues it.
  const issuedGatePass = pickupStatus === 'ready' ? gatePassCode : null;
  const gatePassWithdrawn =
    issuedGatePass && !releasable && !sale.cancelled
      ? moneyHeld
        ? gatePassWithdrawnText(owedText)
        : `Gate pass withdrawn: ${holdText ?? ''}`
      : null;

  return {
    paymentDueAt: end(paymentDueOn),
    paymentDueOn,
    paidAmount: centsToDecimal(totals.paidCents),
    amountDue: centsToDecimal(totals.priceCents + totals.chargeCents - totals.creditCents),
    deal: dealOf(lines),
    lateFee: centsToDecimal(lateFee),
    refunded: centsToDecimal(totals.refundedCents),
    balance: centsToDecimal(totals.balanceCents),
    refundOwed: centsToDecimal(totals.refundOwedCents),
    paidInFull: settled,
    canRelease: releasable,
    ledger: ledgerEntries(lines),
    status: sale.status ?? 'pending',
    // One derived state: the admin's Mark completed, else money, else where the car is.
    stage:
      totals.refundOwedCents > 0
        ? 'refund_owed'
        : sale.cancelled
          ? 'cancelled'
          : sale.status === 'completed'
            ? 'completed'
            : moneyHeld
              ? overdue
                ? 'overdue'
                : 'awaiting_payment'
              : deliveryStatus === 'delivered'
                ? 'delivered'
                : deliveryStatus === 'in_transit' || (deliveryStatus === 'picked_up' && liveTransport)
                  ? delivery.carrierPickedUp()
                    ? 'in_transport'
                    : 'picked_up'
                  : deliveryStatus === 'picked_up'
                    ? 'picked_up'
                    : deliveryStatus === 'ready_for_pickup'
                      ? 'ready_for_pickup'
                      : settled
                        ? 'paid'
                        : 'lender_approved',
    deliveryStatus,
    holdReason,
    holdText,
    daysLate: overdue ? daysBetween(paymentDueOn, today) : 0,
    titleStatus,
    titleDueAt: end(titleDueOn),
    titleDueOn,
    titleLate,
    canRequestUnwind: titleLate && !unwindRequested && !sale.cancelled,
    unwindRequested,
    pickupStatus,
    gatePassCode: issuedGatePass && !gatePassWithdrawn ? issuedGatePass : null,
    gatePassWithdrawn,
    guaranteeEndsAt: guaranteeEndsOn ? end(guaranteeEndsOn) : null,
    guarantee,
    odometerStatus,
    canOpenClaim: guarantee.state === 'running' && !claims.some((c) => c.status === 'open'),
    claims,
    adjustments: centsToDecimal(adjustmentCents),
    ...deliveryState,
    terms,
    timeline: [
      {
        id: 0,
        type: 'sold',
        at: sale.createdAt.toISOString(),
        by: 'system',
        summary: `Sold for ${formatCents(priceCents)}; payment due ${formatDay(paymentDueOn)}`,
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

/** A live transport's hold in words: about to start, waiting for a carrier, or on its way and when. */
function transportHoldText(t: SaleTransport) {
  if (t.status === 'awaiting_release') return HOLD_TEXT.transportStarting;
  const words = DELIVERY_STATUS_LABELS[t.status];
  if (t.status === 'unassigned' || t.status === 'assigned')
    return HOLD_TEXT.transport(words, t.pickupWindow.to ? HOLD_TEXT.pickupBy(t.pickupWindow.to) : null);
  return HOLD_TEXT.transport(words, t.deliveryWindow.to ? HOLD_TEXT.arrivingBy(t.deliveryWindow.to) : null);
}
