import { randomInt } from 'node:crypto';
import {
  type AdminSaleEventBody,
  adminSaleEventBodySchema,
  CLAIM_CATEGORIES,
  CLAIM_DECISION_LABELS,
  type DealerSaleEventBody,
  dealerSaleEventBodySchema,
  PAYMENT_METHODS,
  releaseRefusedText,
  SALE_TEXT,
  type SaleState,
} from '@contracts/after-sale';
import { addBusinessDays, dateInZone } from '@contracts/business-days';
import { CLAIM_CASE_TEXT, claimCaseText } from '@contracts/claim-cases';
import {
  claimCreditOf,
  deductibleOf,
  evidenceNotCoveredText,
  isClaimCovered,
  notCoveredText,
} from '@contracts/claim-coverage';
import { AUCTION_CERTIFIED } from '@contracts/limits';
import { centsToDecimal, decimalToCents, formatCents, toCents } from '@contracts/money';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client';
import { transactionEvents, transactions, vehiclePhotos, type vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';
import { enqueueIntegration } from '../integrations/integration-outbox';
import { enqueueNotifications, type Notification } from '../notifications/enqueue-notifications';
import {
  claimAnsweredMessage,
  claimEvidenceMessage,
  claimOpenedMessage,
  paymentRecordedMessage,
  pickupReadyMessage,
  refundRecordedMessage,
  titleConfirmedMessage,
  titleSentMessage,
  transactionPaidMessage,
  unwindDeclinedMessage,
  unwindRequestedMessage,
} from '../notifications/sale-messages';
import { assertReconFinished } from '../recon/release-gate';
import { lockVehicle } from '../vehicle-rows/vehicle-rows';
import { cancelSale } from '../vehicles/cancel-sale';
import { createClaimWorkOrder } from './claim-work-order';
import { gatePassNotices } from './gate-pass-notice';
import { moneyStepRefusal } from './sale-ledger';
import { eventsOf, stateOfRow } from './sale-timeline';
import { saleFactsOf } from './transaction-views';

type TransactionRow = typeof transactions.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;

/** A gate pass code: 6 digits, enough for a gate guard to type, not to guess in a few tries. */
const gatePassCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

type Step = AdminSaleEventBody | DealerSaleEventBody;
/** Whether `actor` may attach a video URL to a claim: only a video of their own (issue #28). */
export type ClaimVideoCheck = (url: string, actor: Actor) => Promise<boolean>;

/** A date a step reports (payment received, picked up, delivered): from the sale day to today. */
function checkDate(date: string, row: TransactionRow) {
  const zone = row.terms.timeZone;
  if (date > dateInZone(new Date(), zone)) throw badRequest(SALE_TEXT.futureDate);
  if (date < dateInZone(row.createdAt, zone)) throw badRequest(SALE_TEXT.beforeSale);
}

/**
 * Photos a sale step names (a claim, the delivery confirmation, the bill of lading): uploaded by
 * this actor, not shown on any vehicle, not named by another step. They stay unattached rows (the
 * housekeeping keeps photos a sale step names).
 */
export async function checkStepPhotos(
  tx: Executor,
  photoIds: readonly number[],
  actor: Actor,
  refusal: string = SALE_TEXT.claimPhotoUnknown,
) {
  if (photoIds.length === 0) return;
  const rows = await tx
    .select({ id: vehiclePhotos.id })
    .from(vehiclePhotos)
    .where(
      and(
        inArray(vehiclePhotos.id, [...photoIds]),
        isNull(vehiclePhotos.vehicleId),
        eq(vehiclePhotos.uploadedBy, `${actor.type}:${actor.id ?? ''}`),
        sql`not exists (select 1 from transaction_events e
          where e.data -> 'photoIds' @> to_jsonb(${vehiclePhotos.id}))`,
      ),
    )
    .for('update');
  if (rows.length !== photoIds.length) throw badRequest(refusal);
}

/**
 * The release rule (issue #27): no gate pass, pickup or delivery while the dealer owes money; the
 * refusal says how much. Every path that releases a vehicle goes through here.
 */
export function assertReleasable(state: SaleState) {
  if (!state.canRelease) throw conflict(releaseRefusedText(formatCents(decimalToCents(state.balance))));
}

/** Whether a step may follow the sale's current state; the refusal says why in words. */
function check(
  step: ReturnType<typeof parseStep>,
  state: SaleState,
  row: TransactionRow,
  vehicle: VehicleRow,
  /** The state as it would be with this step recorded (money steps are checked against it). */
  stateWith: (step: ReturnType<typeof parseStep>) => SaleState,
) {
  switch (step.type) {
    case 'claim_opened': {
      if (state.claims.some((c) => c.status === 'open')) throw conflict(SALE_TEXT.claimPending);
      if (!state.canOpenClaim) throw conflict(SALE_TEXT.claimClosed);
      // The guarantee the sale was made under says what may be claimed (docs/decisions/0043-claim-coverage-and-deductible.md).
      if (!isClaimCovered(row.terms.guarantee, step))
        throw conflict(notCoveredText(row.terms.guarantee, step.category));
      // Damage in transit is ours to answer only when our carrier brought the car (docs/design.md §15).
      if (
        step.category === 'transit_damage' &&
        !(state.transport?.status === 'delivered' || state.deliveryConfirmation)
      )
        throw conflict(SALE_TEXT.claimTransitOnly);
      // Items disclosed in the condition report cannot be claimed.
      const section =
        step.category === 'body' ? 'damage' : step.category === 'warning_light' ? 'warning_lights' : null;
      if (section) assertUndisclosed({ ...step, section }, vehicle, SALE_TEXT.claimDetails);
      return;
    }
    case 'claim_evidence_added': {
      const claim = state.claims.find((c) => c.id === step.claimId);
      if (claim?.status === 'closed') throw conflict(CLAIM_CASE_TEXT.caseClosed);
      if (claim?.status !== 'open') throw conflict(SALE_TEXT.claimUnknown);
      if (claim.case.stage !== 'awaiting_evidence')
        throw conflict(
          dateInZone(new Date(), row.terms.timeZone) > claim.case.evidenceDueOn
            ? CLAIM_CASE_TEXT.evidenceClosed
            : CLAIM_CASE_TEXT.evidenceAfterComplete,
        );
      assertUndisclosed(step, vehicle, CLAIM_CASE_TEXT.sectionDetails);
      const guarantee = row.terms.guarantee;
      if (guarantee && !isClaimCovered(guarantee, { category: claim.category, section: step.section }))
        throw conflict(evidenceNotCoveredText(guarantee));
      return;
    }
    case 'claim_answered': {
      const claim = state.claims.find((c) => c.id === step.claimId);
      // No decision outside the rules: a case closed for missing evidence is not decided.
      if (claim?.status === 'closed') throw conflict(CLAIM_CASE_TEXT.caseClosed);
      if (claim?.status !== 'open') throw conflict(SALE_TEXT.claimUnknown);
      if (step.decision === 'adjusted') {
        if (!step.amount) throw badRequest(SALE_TEXT.adjustmentAmount);
        if (toCents(step.amount)! > toCents(row.amount)! - toCents(state.adjustments)!)
          throw conflict(SALE_TEXT.adjustmentTooLarge);
      }
      return;
    }
    case 'payment_recorded':
    case 'refund_recorded': {
      checkDate(step.type === 'payment_recorded' ? step.receivedOn : step.paidOn, row);
      // Judged on the state the step would leave (a late fee counts when paid after the due date).
      const kind = step.type === 'payment_recorded' ? 'payment' : 'refund';
      const refusal = moneyStepRefusal(kind, state, stateWith(step));
      if (refusal) throw conflict(refusal);
      return;
    }
    case 'title_received':
      if (state.titleStatus !== 'absent') throw conflict(SALE_TEXT.titleAlreadyReceived);
      return;
    case 'title_sent':
      if (state.titleStatus !== 'received') throw conflict(SALE_TEXT.titleOrder);
      return;
    case 'title_confirmed':
      if (state.titleStatus === 'confirmed') throw conflict(SALE_TEXT.titleAlready);
      if (state.titleStatus !== 'sent') throw conflict(SALE_TEXT.titleNotSent);
      return;
    case 'pickup_ready':
    case 'delivered':
      if (step.type === 'delivered') checkDate(step.on, row);
      if (state.pickupStatus === 'picked_up' || state.pickupStatus === 'delivered')
        throw conflict(SALE_TEXT.pickupDone);
      assertReleasable(state);
      return;
    case 'picked_up':
      checkDate(step.on, row);
      if (state.pickupStatus === 'picked_up' || state.pickupStatus === 'delivered')
        throw conflict(SALE_TEXT.pickupDone);
      if (state.pickupStatus !== 'ready') throw conflict(SALE_TEXT.pickupNotReady);
      assertReleasable(state);
      return;
    case 'unwind_requested':
      if (state.unwindRequested) throw conflict(SALE_TEXT.unwindPending);
      if (!state.canRequestUnwind) throw conflict(SALE_TEXT.unwindTooEarly);
      return;
    case 'unwind_declined':
      if (!state.unwindRequested) throw conflict(SALE_TEXT.noUnwindRequest);
      return;
  }
}

/**
 * A claimed item on a condition report line: damage needs its panel and kind, a warning light its
 * code; one the report lists was disclosed and cannot be claimed (SALE_TEXT.claimDisclosed).
 */
function assertUndisclosed(
  item: { section: string; panel?: string; damageType?: string; code?: string },
  vehicle: VehicleRow,
  missing: string,
) {
  if (item.section === 'damage') {
    if (!item.panel || !item.damageType) throw badRequest(missing);
    if (vehicle.damage.some((d) => d.panel === item.panel && d.type === item.damageType))
      throw conflict(SALE_TEXT.claimDisclosed);
  }
  if (item.section === 'warning_lights') {
    const code = item.code?.toLowerCase();
    if (!code) throw badRequest(missing);
    if (vehicle.warningLights.some((light) => light.toLowerCase() === code))
      throw conflict(SALE_TEXT.claimDisclosed);
  }
}

const DEALER_STEPS: readonly string[] = [
  'title_confirmed',
  'unwind_requested',
  'claim_opened',
  'claim_evidence_added',
];
const parseStep = (step: Step) =>
  DEALER_STEPS.includes(step.type)
    ? dealerSaleEventBodySchema.parse(step)
    : adminSaleEventBodySchema.parse(step);

/**
 * A step of a sale: which sale, the step, who records it, and whether a claim's video is the actor's
 * own finished upload or the Cloudinary account's (app.ts; none is, by default).
 */
type SaleStepArgs = [transactionId: number, body: Step, actor: Actor, isKnownVideo?: ClaimVideoCheck];

/**
 * Records one step of a sale's life (docs/design.md §8) in one DB transaction: the vehicle then the
 * transaction locked (the order of every sale), the step checked against the state derived from
 * the timeline, appended, audited, the spec's paid flag kept equal to the ledger's paid in full,
 * and the other side told through the outbox. `actor` is the admin, or the buying dealer for
 * their own steps (checked by the caller's route and again here).
 */
export function recordSaleEvent(db: Database, ...[transactionId, body, ...rest]: SaleStepArgs) {
  const step = parseStep(body);
  return withRetries(() => db.transaction((tx) => recordSaleStep(tx, transactionId, step, ...rest)));
}

/** recordSaleEvent inside a DB transaction the caller holds (Mark paid records the balance so). */
export async function recordSaleStep(
  tx: Transaction,
  ...[transactionId, body, actor, isKnownVideo = async () => false]: SaleStepArgs
) {
  const step = parseStep(body);
  const [found] = await tx.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!found || (actor.type === 'dealer' && found.dealerId !== actor.id)) throw notFound(SALE_TEXT.notFound);
  const vehicle = (await lockVehicle(tx, found.vehicleId))!;
  const [row] = await tx.select().from(transactions).where(eq(transactions.id, transactionId)).for('update');
  // A cancelled sale is final, except for paying back what the dealer is owed.
  if (row!.cancelled && step.type !== 'refund_recorded') throw conflict(SALE_TEXT.cancelled);
  const timeline = (await eventsOf(tx, [transactionId])).get(transactionId) ?? [];
  const before = stateOfRow(row!, timeline);
  const { type, ...fields } = step;
  const data: Record<string, unknown> = { ...fields };
  const stateWith = (next: ReturnType<typeof parseStep>) =>
    stateOfRow(row!, [
      ...timeline,
      {
        id: Number.MAX_SAFE_INTEGER,
        type: next.type,
        data: { ...next },
        actorType: actor.type,
        createdAt: new Date(),
      },
    ]);
  check(step, before, row!, vehicle, stateWith);
  // Gate pass, pickup and transport also wait for the reconditioning (issue #31).
  if (step.type === 'pickup_ready' || step.type === 'picked_up' || step.type === 'delivered')
    await assertReconFinished(tx, transactionId);
  if (step.type === 'claim_answered') {
    // An adjustment credits the amount decided less the sale's deductible; the step records both, and
    // what it credits (the fold and the insights read them). A buyback records where the car goes.
    if (step.decision === 'adjusted') {
      const credit = claimCreditOf(step.amount!, deductibleOf(row!.terms.guarantee));
      data.deductible = credit.deductible;
      data.credited = credit.credited;
    }
    if (step.decision === 'unwound') data.destination = step.destination ?? 'listed';
    else delete data.destination;
    // The case's facts at the decision, for the insights (SQL reads them from the step).
    const claim = stateWith(step).claims.find((c) => c.id === step.claimId)!;
    data.case = {
      section: claim.section,
      certification: vehicle.condition === AUCTION_CERTIFIED ? 'auction' : 'premium',
      businessDays: claim.case.businessDaysToDecision,
      withinSla: claim.case.decidedWithinSla,
    };
  }
  if (step.type === 'refund_recorded') {
    // The awards this refund pays in full, with their pay facts, for the insights (issue #48).
    const paid = stateWith(step).claims.flatMap((claim) => {
      const payment = claim.case.payment;
      const was = before.claims.find((c) => c.id === claim.id)?.case.payment;
      return payment?.paidOn && !was?.paidOn
        ? [{ claimId: claim.id, businessDays: payment.businessDaysToPay, withinSla: payment.paidWithinSla }]
        : [];
    });
    if (paid.length) data.claimsPaid = paid;
  }
  if (step.type === 'claim_opened' || step.type === 'claim_evidence_added') {
    await checkStepPhotos(tx, step.photoIds, actor);
    if (step.videoUrl && !(await isKnownVideo(step.videoUrl, actor)))
      throw badRequest(SALE_TEXT.claimVideoUnknown);
  }

  if (type === 'pickup_ready') data.gatePassCode = gatePassCode();
  // A car paid with a floor-plan line: its title goes to the lender (docs/design.md §15), told through the outbox.
  const lenderHolds =
    step.type === 'title_sent' && before.floorPlan && ['approved', 'funded'].includes(before.floorPlan.status)
      ? before.floorPlan
      : null;
  if (lenderHolds && step.type === 'title_sent') {
    data.to = 'lender';
    data.lender = lenderHolds.label;
    if (lenderHolds.arrangedBy === 'lender')
      await enqueueIntegration(tx, {
        target: 'lender',
        action: 'title_sent',
        entityId: lenderHolds.requestId,
        key: `floor-plan-${lenderHolds.requestId}-title`,
        payload: { carrier: step.carrier, tracking_number: step.trackingNumber },
      });
  }
  const [event] = await tx
    .insert(transactionEvents)
    .values({ transactionId, dealerId: row!.dealerId, type, data, actorType: actor.type, actorId: actor.id })
    .returning();
  if (step.type === 'claim_answered' && step.decision === 'unwound') {
    // An unwind is the existing cancellation (the car is listed again), with the claim as its reason.
    await cancelSale(tx, transactionId, actor, { claimId: step.claimId }, data.destination === 'listed');
    // Reconditioning first: a work order for the claimed item; the car waits in the completion queue.
    if (data.destination === 'reconditioning') {
      const claim = before.claims.find((c) => c.id === step.claimId)!;
      await createClaimWorkOrder(tx, { sale: row!, claim, actor });
    }
    row!.cancelled = true;
    row!.isPaid = false;
  }
  const after = stateOfRow(row!, (await eventsOf(tx, [transactionId])).get(transactionId) ?? []);
  // The spec's paid flag is the ledger's paid in full, stored for the spec's readers.
  const becamePaid = after.paidInFull && !row!.isPaid;
  if (after.paidInFull !== row!.isPaid)
    await tx.update(transactions).set({ isPaid: after.paidInFull }).where(eq(transactions.id, transactionId));
  await writeAudit(tx, actor, {
    entity: 'transaction',
    entityId: transactionId,
    action: type,
    after: { ...data, ...(after.paidInFull !== row!.isPaid ? { isPaid: after.paidInFull } : {}) },
  });
  await enqueueNotifications(tx, [
    ...(await messagesFor(tx, row!, event!.id, step, data, after, becamePaid)),
    // A payment that settles a later charge brings a withdrawn gate pass back (issue #44).
    ...(await gatePassNotices(tx, row!, before, after, event!.id)),
  ]);
  return after;
}

/** A claim's case in words (claimCaseText), as the e-mails carry it. */
const caseTextOf = (state: SaleState, claimId: number) => {
  const claim = state.claims.find((c) => c.id === claimId);
  return claim ? `${claimCaseText(claim.case, state.terms.claimSla)}.` : '';
};

async function messagesFor(
  tx: Executor,
  row: TransactionRow,
  eventId: number,
  step: ReturnType<typeof parseStep>,
  data: Record<string, unknown>,
  state: SaleState,
  becamePaid: boolean,
): Promise<Notification[]> {
  const facts = await saleFactsOf(tx, row);
  const dealer = (contact: 'main' | 'billing' | 'title') => [{ dealerId: row.dealerId, contact }];
  const admins = [{ admins: true as const }];
  switch (step.type) {
    case 'payment_recorded': {
      if (becamePaid)
        return [
          {
            event: 'transaction_paid',
            entityId: row.id,
            to: dealer('billing'),
            message: transactionPaidMessage({ ...facts, amount: state.paidAmount }),
          },
        ];
      const left = centsToDecimal(Math.max(0, decimalToCents(state.balance)));
      const dueOn = addBusinessDays(dateInZone(row.createdAt, row.terms.timeZone), row.terms.paymentDays);
      return [
        {
          event: 'payment_recorded',
          entityId: eventId,
          to: dealer('billing'),
          message: paymentRecordedMessage({ ...facts, paid: step.amount, left, dueOn }),
        },
      ];
    }
    case 'refund_recorded':
      return [
        {
          event: 'refund_recorded',
          entityId: eventId,
          to: dealer('billing'),
          message: refundRecordedMessage({
            ...facts,
            refund: step.amount,
            method: PAYMENT_METHODS[step.method],
            stillOwed: decimalToCents(state.refundOwed) > 0 ? state.refundOwed : null,
          }),
        },
      ];
    case 'title_sent':
      return [
        {
          event: 'title_sent',
          entityId: eventId,
          to: dealer('title'),
          message: titleSentMessage({
            ...facts,
            carrier: step.carrier,
            trackingNumber: step.trackingNumber,
            lender: typeof data.lender === 'string' ? data.lender : null,
          }),
        },
      ];
    case 'pickup_ready':
      return [
        {
          event: 'pickup_ready',
          entityId: eventId,
          to: dealer('main'),
          message: pickupReadyMessage({
            ...facts,
            address: step.address,
            hours: step.hours,
            gatePassCode: String(data.gatePassCode),
          }),
        },
      ];
    case 'unwind_declined':
      return [
        {
          event: 'unwind_declined',
          entityId: eventId,
          to: dealer('main'),
          message: unwindDeclinedMessage({ ...facts, reason: step.reason }),
        },
      ];
    case 'claim_opened':
      return [
        {
          event: 'claim_opened',
          entityId: eventId,
          to: admins,
          message: claimOpenedMessage({
            ...facts,
            category: CLAIM_CATEGORIES[step.category],
            description: step.description,
            estimate: step.estimate,
            caseText: caseTextOf(state, eventId),
          }),
        },
      ];
    case 'claim_answered':
      return [
        {
          event: 'claim_answered',
          entityId: eventId,
          to: dealer('main'),
          message: claimAnsweredMessage({
            ...facts,
            decision: CLAIM_DECISION_LABELS[step.decision],
            reason: step.reason,
            // What the ledger credits: the amount decided less the deductible, with its arithmetic.
            credit:
              step.decision === 'adjusted'
                ? claimCreditOf(step.amount!, String(data.deductible ?? '0'))
                : null,
            refundOwed: decimalToCents(state.refundOwed) > 0 ? state.refundOwed : null,
            caseText: caseTextOf(state, step.claimId),
          }),
        },
      ];
    case 'claim_evidence_added':
      return [
        {
          event: 'claim_evidence_added',
          entityId: eventId,
          to: admins,
          message: claimEvidenceMessage({
            ...facts,
            summary: `${facts.dealerName}: ${state.timeline.find((e) => e.id === eventId)?.summary ?? ''}`,
            caseText: caseTextOf(state, step.claimId),
          }),
        },
      ];
    case 'title_confirmed':
      return [
        {
          event: 'title_confirmed',
          entityId: eventId,
          to: admins,
          message: titleConfirmedMessage(facts),
        },
      ];
    case 'unwind_requested':
      return [
        {
          event: 'unwind_requested',
          entityId: eventId,
          to: admins,
          message: unwindRequestedMessage({ ...facts, reason: step.reason }),
        },
      ];
    default:
      return [];
  }
}
