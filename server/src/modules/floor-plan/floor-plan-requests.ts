import { dateInZone } from '@contracts/business-days';
import {
  type DecideFloorPlanBody,
  decideFloorPlanBodySchema,
  FLOOR_PLAN_STATUS_LABELS,
  FLOOR_PLAN_TEXT,
  type FloorPlanBoardRow,
  lineLabel,
} from '@contracts/delivery';
import { centsToDecimal, decimalToCents, toCents } from '@contracts/money';
import { z } from '@contracts/zod';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Executor, Transaction } from '../../db/client';
import {
  dealers,
  floorPlanLines,
  floorPlanRequests,
  integrationEvents,
  transactionEvents,
  transactions,
  vehicles,
} from '../../db/schema';
import { vehicleNameColumns } from '../../db/vehicle-columns';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';
import type { DeliveryConfig } from '../delivery/transport-orders';
import { lockLiveOrder, lockOwnSale, releaseIfReady } from '../delivery/transport-orders';
import { enqueueIntegration, type IntegrationHandler } from '../integrations/integration-outbox';
import { floorPlanToArrangeMessage, floorPlanUpdateMessage } from '../notifications/delivery-messages';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { vehicleName } from '../notifications/notification-messages';
import { saleStatesOf } from '../transactions/sale-timeline';
import { saleFactsOf } from '../transactions/transaction-views';
import { findOwnLine, last4 } from './floor-plan-lines';
import type { LenderApi, LenderRequest } from './lender-api';

export type FloorPlanConfig = DeliveryConfig & Pick<Config, 'lender'>;
type SaleRow = typeof transactions.$inferSelect;
type RequestRow = typeof floorPlanRequests.$inferSelect;

/**
 * Pays a sale with one of the buying dealership's floor-plan lines, inside the caller's DB
 * transaction (Buy Now's, or the dealer's later choice): what is owed now (price, package,
 * transport) is asked of the lender, the request row and its `floor_plan_requested` step are
 * written together, and the lender is asked through the integration outbox — or, with no lender
 * API configured, the admins are asked to call it. One live request per sale.
 */
export async function requestFloorPlanInTx(
  tx: Transaction,
  sale: SaleRow,
  lineId: number,
  actor: Actor,
  config: FloorPlanConfig,
) {
  const line = await findOwnLine(tx, sale.dealerId, lineId);
  if (sale.cancelled) throw conflict('This sale was cancelled');
  const [state] = await saleStatesOf(tx, [sale]);
  const owed = decimalToCents(state!.balance);
  if (owed <= 0) throw conflict(FLOOR_PLAN_TEXT.nothingOwed);
  const [live] = await tx
    .select({ id: floorPlanRequests.id })
    .from(floorPlanRequests)
    .where(
      and(
        eq(floorPlanRequests.transactionId, sale.id),
        inArray(floorPlanRequests.status, ['requested', 'approved', 'funded']),
      ),
    );
  if (live) throw conflict(FLOOR_PLAN_TEXT.alreadyRequested);
  const arrangedBy = config.lender ? 'lender' : 'team';
  const amount = centsToDecimal(owed);
  const [request] = await tx
    .insert(floorPlanRequests)
    .values({ transactionId: sale.id, lineId: line.id, amount, status: 'requested', arrangedBy })
    .returning();
  const label = lineLabel(line.lender, last4(line.accountNumber));
  await tx.insert(transactionEvents).values({
    transactionId: sale.id,
    dealerId: sale.dealerId,
    type: 'floor_plan_requested',
    data: {
      requestId: request!.id,
      lineId: line.id,
      lender: line.lender,
      last4: last4(line.accountNumber),
      label,
      amount,
      arrangedBy,
    },
    actorType: actor.type,
    actorId: actor.id,
  });
  await writeAudit(tx, actor, {
    entity: 'floor_plan_request',
    entityId: request!.id,
    action: 'requested',
    after: { transactionId: sale.id, lender: line.lender, last4: last4(line.accountNumber), amount },
  });
  const facts = await saleFactsOf(tx, sale);
  if (arrangedBy === 'lender') {
    const payload: LenderRequest = {
      dealer_reference: `DM-FP${request!.id}`,
      account_number: line.accountNumber,
      amount,
      currency: 'USD',
      purchase_date: dateInZone(sale.createdAt, sale.terms.timeZone),
      vehicle: {
        vin: facts.vehicle.vin,
        year: facts.vehicle.year,
        make: facts.vehicle.make ?? '',
        model: facts.vehicle.model ?? '',
        mileage: facts.vehicle.mileage,
      },
      seller: { name: config.brand.productName },
    };
    await enqueueIntegration(tx, {
      target: 'lender',
      action: 'create_request',
      entityId: request!.id,
      key: `floor-plan-${request!.id}-request`,
      payload: payload as unknown as Record<string, unknown>,
    });
  } else {
    await enqueueNotifications(tx, [
      {
        event: 'floor_plan_to_arrange',
        entityId: request!.id,
        to: [{ admins: true }],
        message: floorPlanToArrangeMessage({
          vehicle: facts.vehicle,
          transactionId: sale.id,
          dealerName: facts.dealerName,
          line: label,
          amount,
        }),
      },
    ]);
  }
  return request!;
}

/** POST /api/dealer/transactions/:id/floor-plan: the buying dealer pays a sale with a line. */
export function payWithFloorPlan(
  db: Database,
  transactionId: number,
  lineId: number,
  actor: Actor,
  config: FloorPlanConfig,
) {
  return withRetries(() =>
    db.transaction(async (tx) => {
      const sale = await lockOwnSale(tx, transactionId, actor);
      await requestFloorPlanInTx(tx, sale, lineId, actor, config);
      return sale.id;
    }),
  );
}

/** A lender's answer, from its webhook or typed by an admin for a team-arranged request. */
export type FloorPlanStep =
  | { status: 'approved'; reference: string; amount?: string | undefined }
  | { status: 'declined'; reason: string }
  | { status: 'funded'; reference: string };

/**
 * The one writer of a request's decision (docs/design.md §15), in the caller's transaction with the sale
 * locked: requested → approved or declined, approved → funded; anything else is refused (409, the
 * request keeps its state). An approval lets the car go (a waiting transport is released at once);
 * the funding is a payment of the approved amount on the ledger, so the paid flag follows it.
 */
export async function recordFloorPlanStep(
  tx: Transaction,
  sale: SaleRow,
  request: RequestRow,
  step: FloorPlanStep,
  actor: { type: 'admin' | 'system'; id: number | null },
  config: FloorPlanConfig,
) {
  const from = request.status;
  const allowed =
    (from === 'requested' && (step.status === 'approved' || step.status === 'declined')) ||
    (from === 'approved' && step.status === 'funded');
  if (!allowed)
    throw conflict(
      step.status === 'funded' && from === 'requested'
        ? FLOOR_PLAN_TEXT.notApproved
        : FLOOR_PLAN_TEXT.alreadyDecided(FLOOR_PLAN_STATUS_LABELS[from]),
    );
  const [line] = await tx.select().from(floorPlanLines).where(eq(floorPlanLines.id, request.lineId));
  const approvedAmount = step.status === 'approved' && step.amount ? step.amount : request.amount;
  if (step.status === 'approved' && toCents(approvedAmount)! <= 0)
    throw badRequest('Enter the approved amount');
  await tx
    .update(floorPlanRequests)
    .set({
      status: step.status,
      decidedAt: new Date(),
      ...(step.status === 'approved' ? { amount: approvedAmount } : {}),
    })
    .where(eq(floorPlanRequests.id, request.id));
  const data: Record<string, unknown> = { requestId: request.id, lender: line!.lender };
  if (step.status === 'approved') Object.assign(data, { reference: step.reference, amount: approvedAmount });
  if (step.status === 'declined') Object.assign(data, { reason: step.reason });
  if (step.status === 'funded')
    // A payment line on the ledger: what the lender approved, by floor plan, with its reference.
    Object.assign(data, {
      reference: step.reference,
      amount: request.amount,
      method: 'floor_plan',
      receivedOn: dateInZone(new Date(), sale.terms.timeZone),
    });
  await tx.insert(transactionEvents).values({
    transactionId: sale.id,
    dealerId: sale.dealerId,
    type: `floor_plan_${step.status}`,
    data,
    actorType: actor.type,
    actorId: actor.id,
  });
  const [after] = await saleStatesOf(tx, [sale]);
  // The spec's paid flag is the ledger's paid in full (ADR 0017), stored for the spec's readers.
  if (after!.paidInFull !== sale.isPaid)
    await tx.update(transactions).set({ isPaid: after!.paidInFull }).where(eq(transactions.id, sale.id));
  await writeAudit(tx, actor, {
    entity: 'floor_plan_request',
    entityId: request.id,
    action: step.status,
    before: { status: from },
    after: { ...data, isPaid: after!.paidInFull },
  });
  const facts = await saleFactsOf(tx, sale);
  await enqueueNotifications(tx, [
    {
      event: 'floor_plan_update',
      entityId: request.id * 10 + ['approved', 'declined', 'funded'].indexOf(step.status),
      to: [{ dealerId: sale.dealerId, contact: 'billing' }],
      message: floorPlanUpdateMessage({
        vehicle: facts.vehicle,
        transactionId: sale.id,
        dealerName: facts.dealerName,
        status: step.status,
        line: lineLabel(line!.lender, last4(line!.accountNumber)),
        amount: step.status === 'approved' ? approvedAmount : request.amount,
        reference: step.status === 'declined' ? null : step.reference,
        reason: step.status === 'declined' ? step.reason : null,
      }),
    },
  ]);
  if (step.status === 'approved') {
    const order = await lockLiveOrder(tx, sale.id);
    if (order) await releaseIfReady(tx, order, config);
  }
  return after!;
}

async function lockRequest(tx: Transaction, requestId: number) {
  const [found] = await tx.select().from(floorPlanRequests).where(eq(floorPlanRequests.id, requestId));
  if (!found) throw notFound(FLOOR_PLAN_TEXT.requestNotFound);
  const sale = await lockOwnSale(tx, found.transactionId, { type: 'system', id: null });
  const [request] = await tx
    .select()
    .from(floorPlanRequests)
    .where(eq(floorPlanRequests.id, requestId))
    .for('update');
  return { sale, request: request! };
}

/** PATCH /api/floor-plan-requests/:id: an admin records the lender's answer (team-arranged requests). */
export function decideFloorPlan(
  db: Database,
  requestId: number,
  body: DecideFloorPlanBody,
  actor: Actor,
  config: FloorPlanConfig,
) {
  const step = decideFloorPlanBodySchema.parse(body) as FloorPlanStep;
  return withRetries(() =>
    db.transaction(async (tx) => {
      const { sale, request } = await lockRequest(tx, requestId);
      if (request.arrangedBy !== 'team') throw conflict("This request is answered by the lender's system");
      await recordFloorPlanStep(tx, sale, request, step, { type: 'admin', id: actor.id }, config);
      return request.id;
    }),
  );
}

const lenderEventSchema = z.object({
  event_id: z.string().min(1).max(200),
  type: z.enum(['request.approved', 'request.declined', 'request.funded']),
  occurred_at: z.iso.datetime({ offset: true }),
  request: z.object({
    id: z.string().min(1).max(200),
    dealer_reference: z.string().max(100).nullish(),
    approved_amount: z.union([z.string(), z.number()]).nullish(),
    approval_number: z.string().max(60).nullish(),
    funding_reference: z.string().max(60).nullish(),
    decline_reason: z.string().max(500).nullish(),
  }),
});

/**
 * Applies one signed lender webhook in one DB transaction: a duplicate event id changes nothing
 * (answered as done); an unknown request is 404; an answer for a request already decided is 409
 * (logged by the route), nothing changed.
 */
export async function applyLenderEvent(db: Database, body: unknown, config: FloorPlanConfig) {
  const parsed = lenderEventSchema.safeParse(body);
  if (!parsed.success) throw badRequest('The event is not one we understand');
  const event = parsed.data;
  const [known] = await db
    .select({ id: floorPlanRequests.id })
    .from(floorPlanRequests)
    .where(eq(floorPlanRequests.lenderRequestId, event.request.id));
  if (!known) throw notFound('Unknown request');
  return withRetries(() =>
    db.transaction(async (tx) => {
      const { sale, request } = await lockRequest(tx, known.id);
      const [kept] = await tx
        .insert(integrationEvents)
        .values({
          source: 'lender',
          eventId: event.event_id,
          entityId: request.id,
          action: event.type,
          occurredAt: new Date(event.occurred_at),
          payload: event,
          applied: true,
        })
        .onConflictDoNothing()
        .returning({ id: integrationEvents.id });
      if (!kept) return { duplicate: true, requestId: request.id };
      const r = event.request;
      const step: FloorPlanStep =
        event.type === 'request.approved'
          ? {
              status: 'approved',
              reference: r.approval_number ?? r.id,
              amount:
                r.approved_amount == null
                  ? undefined
                  : centsToDecimal(toCents(String(r.approved_amount)) ?? 0),
            }
          : event.type === 'request.declined'
            ? { status: 'declined', reason: r.decline_reason ?? 'Declined by the lender' }
            : { status: 'funded', reference: r.funding_reference ?? r.id };
      // A refused step throws: the transaction (and the event row) roll back, nothing changed.
      await recordFloorPlanStep(tx, sale, request, step, { type: 'system', id: null }, config);
      return { duplicate: false, requestId: request.id };
    }),
  );
}

/** The outbox's lender handlers: create the request (once), send the title's carrier and tracking. */
export function lenderHandlers(db: Database, api: LenderApi): Record<string, IntegrationHandler> {
  return {
    'lender.create_request': async (row) => {
      const [request] = await db
        .select()
        .from(floorPlanRequests)
        .where(eq(floorPlanRequests.id, row.entityId));
      if (!request) return 'skipped: no such request';
      if (request.lenderRequestId) return `already created: ${request.lenderRequestId}`;
      const created = await api.createRequest(row.payload as unknown as LenderRequest, row.idempotencyKey);
      await db
        .update(floorPlanRequests)
        .set({ lenderRequestId: created.id })
        .where(eq(floorPlanRequests.id, request.id));
      return `created ${created.id}`;
    },
    'lender.title_sent': async (row) => {
      const [request] = await db
        .select()
        .from(floorPlanRequests)
        .where(eq(floorPlanRequests.id, row.entityId));
      if (!request?.lenderRequestId) throw new Error('the request is not created at the lender yet');
      await api.sendTitle(
        request.lenderRequestId,
        row.payload as { carrier: string; tracking_number: string },
        row.idempotencyKey,
      );
      return `title sent for ${request.lenderRequestId}`;
    },
  };
}

/**
 * Floor-plan requests as the admin's board reads them (issue #32), newest first unless `orderBy`
 * says otherwise: the car, the dealership, the line, the lender's reference or reason from the
 * sale's state (the same fold both sides read), computed for these rows only. `cursorKey` is the
 * row's sort key as text, for a page's next cursor (keyset-page.ts).
 */
export async function readFloorPlanRows(
  db: Executor,
  {
    where,
    orderBy = [desc(floorPlanRequests.id)],
    limit,
    cursorKey = sql<string>`''`,
  }: { where?: SQL; orderBy?: SQL[]; limit?: number; cursorKey?: SQL<string> },
) {
  const query = db
    .select({
      request: floorPlanRequests,
      line: floorPlanLines,
      vehicle: vehicleNameColumns,
      dealerName: dealers.dealerName,
      sale: transactions,
      cursorKey,
    })
    .from(floorPlanRequests)
    .innerJoin(floorPlanLines, eq(floorPlanLines.id, floorPlanRequests.lineId))
    .innerJoin(transactions, eq(transactions.id, floorPlanRequests.transactionId))
    .innerJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
    .innerJoin(dealers, eq(dealers.id, transactions.dealerId))
    .where(where)
    .orderBy(...orderBy);
  const rows = await (limit === undefined ? query : query.limit(limit));
  const states = await saleStatesOf(
    db,
    rows.map((r) => r.sale),
  );
  return rows.map(({ request, line, vehicle, dealerName, cursorKey: key }, i) => {
    const fp = states[i]!.floorPlan?.requestId === request.id ? states[i]!.floorPlan : null;
    const view: FloorPlanBoardRow = {
      requestId: request.id,
      transactionId: request.transactionId,
      vehicle: vehicleName(vehicle),
      vin: vehicle.vin,
      dealerName,
      label: lineLabel(line.lender, last4(line.accountNumber)),
      amount: request.amount,
      status: request.status,
      arrangedBy: request.arrangedBy,
      reference: fp?.reference ?? null,
      reason: fp?.reason ?? null,
      requestedAt: request.createdAt.toISOString(),
      decidedAt: request.decidedAt?.toISOString() ?? null,
    };
    return { id: request.id, cursorKey: key, view };
  });
}

export async function floorPlanBoardRow(db: Executor, requestId: number) {
  const [row] = (await readFloorPlanRows(db, { where: eq(floorPlanRequests.id, requestId) })).map(
    (r) => r.view,
  );
  if (!row) throw notFound(FLOOR_PLAN_TEXT.requestNotFound);
  return row;
}
