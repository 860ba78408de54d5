import {
  createDealerBodySchema,
  createDealerResponseSchema,
  dealerSchema,
  updateDealerBodySchema,
} from '@contracts/admin';
import { idParamsSchema } from '@contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { createDealer, findDealers, setDealerActive } from './manage-dealers';

/** Dealers (spec §7), admin only. */
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
      reply.code(201).send(await createDealer(db, request.body, await request.actor())),
  );
  routes.patch(
    '/api/dealers/:id',
    {
      config: admin,
      schema: { params: idParamsSchema, body: updateDealerBodySchema, response: { 200: dealerSchema } },
    },
    async (request) => setDealerActive(db, request.params.id, request.body.active, await request.actor()),
  );
}
