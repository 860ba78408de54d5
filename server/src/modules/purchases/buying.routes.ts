import {
  createOfferBodySchema,
  offerReceiptSchema,
  purchaseResponseSchema,
  vehicleIdSchema,
  verifyCodeBodySchema,
} from '@contracts/buying';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { idempotencyOf } from '../../lib/idempotency';
import { attemptPolicies, guardAttempt } from '../../plugins/rate-limit';
import { normalizeCode } from '../buy-codes/find-usable-buy-code';
import { createOffer } from '../offers/create-offer';
import { purchaseWithCode } from './purchase-with-code';

/**
 * The code-bearing public endpoints: Buy Now and Make Offer. Failed code checks count in the one
 * guessing budget they share with dealer sign-in; an Idempotency-Key is bound to the code used.
 */
export async function buyingRoutes(app: FastifyInstance, { db, config }: { db: Database; config: Config }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const policies = attemptPolicies(config);

  routes.post(
    '/api/verify-code',
    {
      config: { access: 'public', changesVehicles: true },
      schema: { body: verifyCodeBodySchema, response: { 200: purchaseResponseSchema } },
    },
    async (request) => {
      const idempotency = idempotencyOf(request, `code:${normalizeCode(request.body.code)}`);
      return guardAttempt(db, request, policies.code, undefined, () =>
        purchaseWithCode(db, request.body, idempotency),
      );
    },
  );

  routes.post(
    '/api/vehicles/:id/offers',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ id: vehicleIdSchema }),
        body: createOfferBodySchema,
        response: { 201: offerReceiptSchema },
      },
    },
    async (request, reply) => {
      const idempotency = idempotencyOf(request, `code:${normalizeCode(request.body.buyCode)}`);
      const offer = await guardAttempt(db, request, policies.code, undefined, () =>
        createOffer(db, { vehicleId: request.params.id, ...request.body }, idempotency),
      );
      return reply.code(201).send(offer);
    },
  );
}
