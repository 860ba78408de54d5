import { vinDecodeSchema, vinParamSchema } from '@contracts/upload';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { VinDecoder } from './decode-vin';

export async function vinRoutes(app: FastifyInstance, { decoder }: { decoder: VinDecoder }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/vin/:vin',
      { config: { access: 'staff' }, schema: { params: vinParamSchema, response: { 200: vinDecodeSchema } } },
      async (request) => decoder.decode(request.params.vin),
    );
}
