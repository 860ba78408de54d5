import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { findGuaranteeTermsInForce, findSaleTermsInForce, previewSaleTerms } from './preview-sale-terms';

/** The terms of a sale made now and their dates (Buy Now shows them before the dealer confirms). */
export async function saleTermsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...app.endpoint('saleTerms'),
    handler: async () =>
      previewSaleTerms(await findSaleTermsInForce(db), new Date(), await findGuaranteeTermsInForce(db)),
  });
}
