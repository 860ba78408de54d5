import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { VinDecoder } from './decode-vin';

export async function vinRoutes(app: FastifyInstance, { decoder }: { decoder: VinDecoder }) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...app.endpoint('decodeVin'),
    handler: async (request) => decoder.decode(request.params.vin),
  });
}
