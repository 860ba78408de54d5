import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { assertSigned, keepRawJson } from '../integrations/signed-webhook-route';
import { getTransactionView } from '../transactions/transaction-views';
import { applyCarrierEvent } from './carrier-sync';
import { acceptDelivery, attachBillOfLading, updateTransportOrder } from './delivery-steps';
import { quoteTransportFor, transportBoardRow } from './transport-board';
import { transportBoardPage } from './transport-board-page';
import type { DeliveryConfig } from './transport-orders';

/** Certified delivery (docs/design.md §15): quotes for dealers, the admin's board, the carrier's webhook. */
export async function deliveryRoutes(
  app: FastifyInstance,
  { db, config }: { db: Database; config: DeliveryConfig },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    ...app.endpoint('transportQuote'),
    handler: async (request) => quoteTransportFor(db, request.body, await request.actor(), config),
  });
  routes.route({
    ...app.endpoint('transportBoard'),
    handler: async (request) => transportBoardPage(db, request.query),
  });
  routes.route({
    ...app.endpoint('acceptDelivery'),
    handler: async (request) => {
      const id = await acceptDelivery(db, request.params.id, request.body, await request.actor());
      return (await getTransactionView(db, id))!;
    },
  });
  routes.route({
    ...app.endpoint('updateTransportOrder'),
    handler: async (request) => {
      const id = await updateTransportOrder(db, request.params.id, request.body, await request.actor());
      return transportBoardRow(db, id);
    },
  });
  routes.route({
    ...app.endpoint('attachBillOfLading'),
    handler: async (request) => {
      const id = await attachBillOfLading(
        db,
        request.params.id,
        request.body.photoIds,
        await request.actor(),
      );
      return transportBoardRow(db, id);
    },
  });

  // The carrier's webhook: its signature over the raw body is its only authority (no session, no cookie).
  await app.register(async (signed) => {
    keepRawJson(signed);
    signed.withTypeProvider<ZodTypeProvider>().route({
      ...signed.endpoint('carrierWebhook', { crossSiteAllowed: true }),
      handler: async (request) => {
        if (!config.carrier) throw new AppError('NOT_FOUND', 'No carrier is configured');
        assertSigned(request, config.carrier.webhookSecret, 'carrier');
        try {
          const result = await applyCarrierEvent(db, request.body);
          request.log.info({ carrierEvent: result }, 'carrier webhook applied');
          return { ok: true as const };
        } catch (error) {
          request.log.warn({ err: error, body: request.body }, 'carrier webhook refused');
          throw error;
        }
      },
    });
  });
}
