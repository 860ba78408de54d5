import {
  createOfferBodySchema,
  IDEMPOTENCY_HEADER,
  offerViewSchema,
  purchaseResponseSchema,
  vehicleIdSchema,
  verifyCodeBodySchema,
} from '@contracts/buying';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import { isValidIdempotencyKey } from '../../lib/idempotency';
import { enforceRateLimit, signInRule } from '../../plugins/rate-limit';
import { createOffer } from '../offers/create-offer';
import { purchaseWithCode } from './purchase-with-code';

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return undefined;
  if (!isValidIdempotencyKey(key))
    throw badRequest('Idempotency-Key must be 8 to 128 letters, digits, or . _ : -');
  return key;
}

/** The code-bearing public endpoints: Buy Now and Make Offer, rate-limited per IP and per code. */
export async function buyingRoutes(app: FastifyInstance, { db, config }: { db: Database; config: Config }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const limit = (name: string) => signInRule(name, config.signInRateLimit);

  routes.post(
    '/api/verify-code',
    {
      config: { access: 'public', changesVehicles: true },
      schema: { body: verifyCodeBodySchema, response: { 200: purchaseResponseSchema } },
    },
    async (request) => {
      const key = idempotencyKeyOf(request);
      await enforceRateLimit(db, request, limit('verify-code'), request.body.code);
      return purchaseWithCode(db, request.body, key);
    },
  );

  routes.post(
    '/api/vehicles/:id/offers',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ id: vehicleIdSchema }),
        body: createOfferBodySchema,
        response: { 201: offerViewSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      await enforceRateLimit(db, request, limit('offer'), request.body.buyCode);
      const offer = await createOffer(db, { vehicleId: request.params.id, ...request.body }, key);
      return reply.code(201).send(offer);
    },
  );
}
