import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { idempotencyOf } from '../../lib/idempotency';
import { attemptPolicies, guardAttempt } from '../../plugins/rate-limit';
import { normalizeCode } from '../buy-codes/find-usable-buy-code';
import { purchaseWithCode } from './purchase-with-code';

/**
 * Buy Now, a code-bearing public endpoint. Failed code checks count in the one guessing budget it
 * shares with Make Offer and dealer sign-in; an Idempotency-Key is bound to the code used.
 */
export async function buyingRoutes(app: FastifyInstance, { db, config }: { db: Database; config: Config }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const policies = attemptPolicies(config);

  routes.route({
    ...app.endpoint('verifyCode', { changesVehicles: true }),
    handler: async (request) => {
      const idempotency = idempotencyOf(request, `code:${normalizeCode(request.body.code)}`);
      return guardAttempt(db, request, policies.code, undefined, () =>
        purchaseWithCode(db, request.body, idempotency, config),
      );
    },
  });

  // A signed-in dealer (a team member or the spec's name + code session) buys without typing a
  // code: the dealership's active one is used. No code is guessed here, so no attempt budget.
  routes.route({
    ...app.endpoint('dealerPurchase', { changesVehicles: true }),
    handler: async (request) => {
      const dealer = await request.actor();
      const idempotency = idempotencyOf(request, `dealer:${dealer.id}:${dealer.member?.id ?? ''}`);
      const { vehicleId, reconPackageId, transport, floorPlanLineId } = request.body;
      return purchaseWithCode(
        db,
        { dealer, vehicleId, reconPackageId, transport, floorPlanLineId },
        idempotency,
        config,
      );
    },
  });
}
