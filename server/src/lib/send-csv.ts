import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A CSV download (a string, or a stream sent as it comes): named `<name>.csv`, never kept by a shared cache (it holds account data). */
export const sendCsv = (reply: FastifyReply, name: string, csv: string | Readable) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
