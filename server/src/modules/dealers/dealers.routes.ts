import {
  adminBuyCodeSchema,
  buyCodesQuerySchema,
  createBuyCodeBodySchema,
  createDealerBodySchema,
  createDealerResponseSchema,
  dealerSchema,
  updateBuyCodeBodySchema,
  updateDealerBodySchema,
} from '@contracts/admin';
import { idParamsSchema } from '@contracts/ids';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Actor } from '../audit/write-audit';
import { findBuyCodes, generateBuyCode, updateBuyCode } from '../buy-codes/manage-buy-codes';
import { createDealer, findDealers, setDealerActive } from './manage-dealers';

export const adminActor = async (request: FastifyRequest): Promise<Actor> => ({
  type: 'admin',
  id: (await request.viewer()).admin!.id,
});

/** Dealers and buy codes (spec §7), admin only. */
export async function dealersRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  routes.get('/api/dealers', { config: admin, schema: { response: { 200: z.array(dealerSchema) } } }, () =>
    findDealers(db),
  );
  routes.post(
    '/api/dealers',
    {
      config: admin,
      schema: { body: createDealerBodySchema, response: { 201: createDealerResponseSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createDealer(db, request.body, await adminActor(request))),
  );
  routes.patch(
    '/api/dealers/:id',
    {
      config: admin,
      schema: { params: idParamsSchema, body: updateDealerBodySchema, response: { 200: dealerSchema } },
    },
    async (request) => setDealerActive(db, request.params.id, request.body.active, await adminActor(request)),
  );

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
      reply.code(201).send(await generateBuyCode(db, request.body, await adminActor(request))),
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
    async (request) => updateBuyCode(db, request.params.id, request.body, await adminActor(request)),
  );
}
