import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { assertMayAct, assertMayBuy } from '../buyer-limits/check-buyer-limits';
import { confirmDelivery } from '../delivery/delivery-steps';
import { orderTransport } from '../delivery/transport-orders';
import { type FloorPlanConfig, payWithFloorPlan } from '../floor-plan/floor-plan-requests';
import { respondToCounter } from '../offers/respond-to-counter';
import { type ClaimVideoCheck, recordSaleEvent } from '../transactions/sale-events';
import {
  dealerOffersPage,
  dealerSalesPage,
  findDealerBuyCodes,
  findDealerOffers,
  findDealerTransactions,
  findSalesWaiting,
} from './find-dealer-portal';

/** The signed-in dealer's own data only: the dealer id always comes from the session. */
export async function dealerPortalRoutes(
  app: FastifyInstance,
  { db, isKnownVideo, config }: { db: Database; isKnownVideo: ClaimVideoCheck; config: FloorPlanConfig },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // access: 'dealer' admits only a dealer session, so the actor is that dealer.
  const dealerId = async (request: FastifyRequest) => (await request.actor()).id!;

  routes.route({
    ...app.endpoint('dealerBuyCodes'),
    handler: async (request) => {
      const actor = await request.actor();
      return findDealerBuyCodes(db, actor.id!, actor.member ?? null);
    },
  });
  routes.route({
    ...app.endpoint('dealerTransactions'),
    handler: async (request) => findDealerTransactions(db, await dealerId(request)),
  });
  routes.route({
    // "Needs you": the sales that wait on the dealership (every member reads them, as its sales).
    ...app.endpoint('dealerSalesWaiting'),
    handler: async (request) => findSalesWaiting(db, await dealerId(request)),
  });
  routes.route({
    // Every member of the dealership reads its sales, a page at a time (issue #47).
    ...app.endpoint('dealerSalesPage'),
    handler: async (request) => dealerSalesPage(db, await dealerId(request), request.query),
  });
  routes.route({
    // The buying dealer's own steps: the title arrived, or a request to unwind a late-title sale.
    ...app.endpoint('recordDealerSaleEvent'),
    handler: async (request) => {
      const actor = await request.actor();
      assertMayAct(actor.member);
      await recordSaleEvent(db, request.params.id, request.body, actor, isKnownVideo);
      return (await findDealerTransactions(db, actor.id!, request.params.id))[0]!;
    },
  });
  // Certified delivery and floor plan on the dealer's own sale (docs/design.md §15): spending money
  // (transport, a line) takes a buying role; confirming the delivery, any role that may act.
  routes.route({
    ...app.endpoint('orderTransport'),
    handler: async (request, reply) => {
      const actor = await request.actor();
      assertMayBuy(actor.member);
      await orderTransport(db, request.params.id, request.body, actor, config);
      return reply.code(201).send((await findDealerTransactions(db, actor.id!, request.params.id))[0]!);
    },
  });
  routes.route({
    ...app.endpoint('payWithFloorPlan'),
    handler: async (request) => {
      const actor = await request.actor();
      assertMayBuy(actor.member);
      await payWithFloorPlan(db, request.params.id, request.body.lineId, actor, config);
      return (await findDealerTransactions(db, actor.id!, request.params.id))[0]!;
    },
  });
  routes.route({
    ...app.endpoint('confirmDelivery'),
    handler: async (request) => {
      const actor = await request.actor();
      assertMayAct(actor.member);
      await confirmDelivery(db, request.params.id, request.body, actor, config);
      return (await findDealerTransactions(db, actor.id!, request.params.id))[0]!;
    },
  });
  routes.route({
    ...app.endpoint('dealerOffers'),
    handler: async (request) => findDealerOffers(db, await dealerId(request)),
  });
  routes.route({
    ...app.endpoint('dealerOffersPage'),
    handler: async (request) => dealerOffersPage(db, await dealerId(request), request.query),
  });
  routes.route({
    // Accepting the counter sells the vehicle.
    ...app.endpoint('respondToCounter', { changesVehicles: true }),
    handler: async (request) =>
      respondToCounter(db, {
        offerId: request.params.id,
        dealer: await request.actor(),
        action: request.body.action,
      }),
  });
}
