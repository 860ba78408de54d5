import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { assertSigned, keepRawJson } from '../integrations/signed-webhook-route';
import { floorPlanBoardPage } from './floor-plan-board';
import { createFloorPlanLine, findFloorPlanLines, removeFloorPlanLine } from './floor-plan-lines';
import {
  applyLenderEvent,
  decideFloorPlan,
  type FloorPlanConfig,
  floorPlanBoardRow,
} from './floor-plan-requests';

/** Floor plan (docs/design.md §15): a dealership's lines, the admin's board, the lender's webhook. */
export async function floorPlanRoutes(
  app: FastifyInstance,
  { db, config }: { db: Database; config: FloorPlanConfig },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    ...app.endpoint('dealerFloorPlanLines'),
    handler: async (request) => findFloorPlanLines(db, (await request.actor()).id!),
  });
  routes.route({
    ...app.endpoint('createFloorPlanLine'),
    handler: async (request, reply) =>
      reply.code(201).send(await createFloorPlanLine(db, request.body, await request.actor())),
  });
  routes.route({
    ...app.endpoint('removeFloorPlanLine'),
    handler: async (request) => removeFloorPlanLine(db, request.params.id, await request.actor()),
  });
  routes.route({
    ...app.endpoint('floorPlanBoard'),
    handler: async (request) => floorPlanBoardPage(db, request.query),
  });
  routes.route({
    ...app.endpoint('decideFloorPlan'),
    handler: async (request) => {
      const id = await decideFloorPlan(db, request.params.id, request.body, await request.actor(), config);
      return floorPlanBoardRow(db, id);
    },
  });

  // The lender's webhook: its signature over the raw body is its only authority.
  await app.register(async (signed) => {
    keepRawJson(signed);
    signed.withTypeProvider<ZodTypeProvider>().route({
      ...signed.endpoint('lenderWebhook', { crossSiteAllowed: true }),
      handler: async (request) => {
        if (!config.lender) throw new AppError('NOT_FOUND', 'No lender is configured');
        assertSigned(request, config.lender.webhookSecret, 'lender');
        try {
          const result = await applyLenderEvent(db, request.body, config);
          request.log.info({ lenderEvent: result }, 'lender webhook applied');
          return { ok: true as const };
        } catch (error) {
          request.log.warn({ err: error, body: request.body }, 'lender webhook refused');
          throw error;
        }
      },
    });
  });
}
