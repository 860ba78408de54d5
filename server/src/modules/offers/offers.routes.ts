import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { idempotencyOf } from '../../lib/idempotency';
import { attemptPolicies, guardAttempt } from '../../plugins/rate-limit';
import { normalizeCode } from '../buy-codes/find-usable-buy-code';
import { createOffer } from './create-offer';
import { expireOffers } from './expire-offers';
import { offersPage } from './offer-list';
import { remindExpiringOffers } from './remind-expiring-offers';
import { updateOffer, withdrawCounter } from './update-offer';

/** The offers module: Make Offer (public, with a buy code), the admin's offers panel (docs/product.md §2, §7), and the expiry sweep. */
export async function offersRoutes(app: FastifyInstance, { db, config }: { db: Database; config: Config }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const policies = attemptPolicies(config);

  // Offers expire on their own (docs/design.md §3); reads and actions also check, so this is a backstop.
  // The same sweep reminds dealers two hours before a window closes (each once, docs/design.md §6).
  const sweep = setInterval(() => {
    expireOffers(db)
      .then(() => remindExpiringOffers(db))
      .catch((error: unknown) => app.log.warn({ err: error }, 'offer expiry sweep failed'));
  }, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // A failed code counts in the guessing budget shared with Buy Now and dealer sign-in.
  routes.route({
    ...app.endpoint('createOffer'),
    handler: async (request, reply) => {
      const idempotency = idempotencyOf(request, `code:${normalizeCode(request.body.buyCode)}`);
      const offer = await guardAttempt(db, request, policies.code, undefined, () =>
        createOffer(db, { vehicleId: request.params.id, ...request.body }, idempotency),
      );
      return reply.code(201).send(offer);
    },
  });

  // A signed-in dealer offers with its dealership's active code (docs/design.md §10): nothing is guessed.
  routes.route({
    ...app.endpoint('dealerCreateOffer'),
    handler: async (request, reply) => {
      const dealer = await request.actor();
      const idempotency = idempotencyOf(request, `dealer:${dealer.id}:${dealer.member?.id ?? ''}`);
      const { vehicleId, amount, reconPackageId } = request.body;
      const offer = await createOffer(db, { vehicleId, amount, reconPackageId, dealer }, idempotency);
      return reply.code(201).send(offer);
    },
  });

  routes.route({
    ...app.endpoint('listOffers'),
    handler: async (request) => {
      await expireOffers(db);
      return offersPage(db, request.query);
    },
  });

  routes.route({
    // Accepting sells the vehicle.
    ...app.endpoint('updateOffer', { changesVehicles: true }),
    handler: async (request) =>
      updateOffer(db, { offerId: request.params.id, admin: await request.actor(), decision: request.body }),
  });

  routes.route({
    ...app.endpoint('withdrawCounter'),
    handler: async (request) =>
      withdrawCounter(db, { offerId: request.params.id, admin: await request.actor() }),
  });
}
