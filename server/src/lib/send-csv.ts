import type { FastifyReply } from 'fastify';

/** A CSV download: named `<name>.csv`, never kept by a shared cache (it holds account data). */
export const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
