import {
  dealerBuyCodeSchema,
  dealerTransactionSchema,
  offerViewSchema,
  respondToCounterBodySchema,
} from '@contracts/buying';
import { idParamsSchema } from '@contracts/ids';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { respondToCounter } from '../offers/respond-to-counter';
import { findDealerBuyCodes, findDealerOffers, findDealerTransactions } from './find-dealer-portal';

/** The signed-in dealer's own data only: the dealer id always comes from the session. */
export async function dealerPortalRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // access: 'dealer' admits only a dealer session, so the actor is that dealer.
  const dealerId = async (request: FastifyRequest) => (await request.actor()).id!;

  routes.get(
    '/api/dealer/buycodes',
    { config: { access: 'dealer' }, schema: { response: { 200: z.array(dealerBuyCodeSchema) } } },
    async (request) => findDealerBuyCodes(db, await dealerId(request)),
  );
  routes.get(
    '/api/dealer/transactions',
    { config: { access: 'dealer' }, schema: { response: { 200: z.array(dealerTransactionSchema) } } },
    async (request) => findDealerTransactions(db, await dealerId(request)),
  );
  routes.get(
    '/api/dealer/offers',
    { config: { access: 'dealer' }, schema: { response: { 200: z.array(offerViewSchema) } } },
    async (request) => findDealerOffers(db, await dealerId(request)),
  );
  routes.post(
    '/api/dealer/offers/:id/respond',
    {
      // Accepting the counter sells the vehicle.
      config: { access: 'dealer', changesVehicles: true },
      schema: {
        params: idParamsSchema,
        body: respondToCounterBodySchema,
        response: { 200: offerViewSchema },
      },
    },
    async (request) =>
      respondToCounter(db, {
        offerId: request.params.id,
        dealer: await request.actor(),
        action: request.body.action,
      }),
  );
}
