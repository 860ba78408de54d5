import { offerViewSchema, updateOfferBodySchema } from '@contracts/buying';
import { idParamsSchema } from '@contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { expireOffers } from './expire-offers';
import { findOfferViews } from './find-offers';
import { updateOffer } from './update-offer';

/** The admin's offers panel (spec §2, §7). */
export async function offersRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/offers',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(offerViewSchema) } } },
    async () => {
      await expireOffers(db);
      return findOfferViews(db);
    },
  );

  routes.patch(
    '/api/offers/:id',
    {
      // Accepting sells the vehicle.
      config: { access: 'admin', changesVehicles: true },
      schema: { params: idParamsSchema, body: updateOfferBodySchema, response: { 200: offerViewSchema } },
    },
    async (request) =>
      updateOffer(db, { offerId: request.params.id, admin: await request.actor(), decision: request.body }),
  );
}
