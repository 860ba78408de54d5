import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { VinDecoder } from './decode-vin';
import { vinRoutes } from './vin.routes';

/** The VIN module: its decoder (vPIC) and route; the decoder is returned for the vehicles module. */
export async function registerVin(app: FastifyInstance, { config }: { config: Config }) {
  const decoder = new VinDecoder(config.vpic);
  await app.register(vinRoutes, { decoder });
  return decoder;
}
