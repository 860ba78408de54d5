import {
  adminBuyCodeSchema,
  buyCodesQuerySchema,
  createBuyCodeBodySchema,
  updateBuyCodeBodySchema,
} from '@contracts/admin';
import { idParamsSchema } from '@contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { findBuyCodes, generateBuyCode, updateBuyCode } from './manage-buy-codes';

/** The admin's Buy Codes tab (spec §7): list, generate, change limits or deactivate. */
export async function buyCodesRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  routes.get(
    '/api/buy-codes',
    {
      config: admin,
      schema: { querystring: buyCodesQuerySchema, response: { 200: z.array(adminBuyCodeSchema) } },
    },
    (request) => findBuyCodes(db, { dealerId: request.query.dealerId }),
  );
  routes.post(
    '/api/buy-codes',
    { config: admin, schema: { body: createBuyCodeBodySchema, response: { 201: adminBuyCodeSchema } } },
    async (request, reply) =>
      reply.code(201).send(await generateBuyCode(db, request.body, await request.actor())),
  );
  routes.patch(
    '/api/buy-codes/:id',
    {
      config: admin,
      schema: {
        params: idParamsSchema,
        body: updateBuyCodeBodySchema,
        response: { 200: adminBuyCodeSchema },
      },
    },
    async (request) => updateBuyCode(db, request.params.id, request.body, await request.actor()),
  );
}
