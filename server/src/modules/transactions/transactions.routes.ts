import { ERROR_CODES } from '@contracts/errors';
import { MAX_BILL_OF_SALE_BYTES } from '@contracts/upload-limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sendCsv } from '../../lib/send-csv';
import { attachBillOfSale, getBillOfSale, type Seller } from './bill-of-sale';
import { recordSaleEvent } from './sale-events';
import { transactionsCsv } from './sale-reports';
import { transactionsAging, transactionsPage, transactionsToExport } from './transaction-list';
import { getTransactionView } from './transaction-views';
import { updateTransaction } from './update-transaction';

/** Transactions (docs/product.md §7), admin only; the bill of sale also downloads for its buying dealer. */
export async function transactionsRoutes(
  app: FastifyInstance,
  { db, seller }: { db: Database; seller: Seller },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    ...app.endpoint('listTransactions'),
    handler: async (request) => transactionsPage(db, request.query),
  });
  routes.route({
    ...app.endpoint('transactionAging'),
    handler: async () => transactionsAging(db),
  });
  routes.route({
    ...app.endpoint('exportTransactions'),
    handler: async (request, reply) => {
      const csv = transactionsCsv(transactionsToExport(db, request.query));
      return sendCsv(reply, `transactions-${new Date().toISOString().slice(0, 10)}`, csv);
    },
  });
  routes.route({
    // Cancel re-lists the vehicle.
    ...app.endpoint('updateTransaction', { changesVehicles: true }),
    handler: async (request) => updateTransaction(db, request.params.id, request.body, await request.actor()),
  });

  routes.route({
    // A step of the sale's life (payment, title, pickup, unwind answer): docs/design.md §8.
    // Unwinding on a claim re-lists the vehicle.
    ...app.endpoint('recordSaleEvent', { changesVehicles: true }),
    handler: async (request) => {
      await recordSaleEvent(db, request.params.id, request.body, await request.actor());
      return (await getTransactionView(db, request.params.id))!;
    },
  });

  routes.route({
    ...app.endpoint('uploadBillOfSale'),
    handler: async (request) => {
      if (!request.isMultipart())
        throw new AppError(ERROR_CODES.unsupportedMediaType, 'Send the file as multipart/form-data');
      const parts = request.files({ limits: { files: 2, fileSize: MAX_BILL_OF_SALE_BYTES + 1, fields: 5 } });
      let upload: { data: Buffer; fileName: string } | null = null;
      for await (const part of parts) {
        if (part.fieldname !== 'billOfSale') {
          part.file.resume();
          throw new AppError(ERROR_CODES.badRequest, 'The file field must be named billOfSale');
        }
        if (upload) {
          part.file.resume();
          throw new AppError(ERROR_CODES.badRequest, 'Send one bill of sale at a time');
        }
        const data = await part.toBuffer();
        if (part.file.truncated)
          throw new AppError(ERROR_CODES.payloadTooLarge, 'The bill of sale must be 20 MB or smaller');
        upload = { data, fileName: part.filename };
      }
      if (!upload) throw new AppError(ERROR_CODES.badRequest, 'Choose a bill of sale to upload');
      return attachBillOfSale(db, request.params.id, upload, await request.actor());
    },
  });

  routes.route({
    ...app.endpoint('downloadBillOfSale'),
    handler: async (request, reply) => {
      const file = await getBillOfSale(db, request.params.id, await request.actor(), seller);
      return (
        reply
          .type(file.contentType)
          .header('content-disposition', `inline; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          // Opened in a tab: the browser's own image/PDF viewer needs its inline styles and the file.
          .header(
            'content-security-policy',
            "default-src 'none'; img-src 'self'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
          )
          // Bytes skip the serializer; the contract's string schema only documents the file.
          .send(file.data as unknown as string)
      );
    },
  });
}
