import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { sendCsv } from '../../lib/send-csv';
import { chartCsv, dealerInsights, insightsReport } from './insights-report';
import { guideDetail, guidePreview, guideSummaries } from './vehicle-guide';

/** The market guide (signed-in accounts) and insights (admins; a dealer its own) — docs/design.md §16. */
export async function insightsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    ...app.endpoint('vehicleGuides'),
    handler: async (request) => guideSummaries(db, request.query.ids, await request.actor()),
  });
  routes.route({
    ...app.endpoint('vehicleGuide'),
    handler: async (request) => guideDetail(db, request.params.id, await request.actor()),
  });
  routes.route({
    ...app.endpoint('vehicleGuidePreview'),
    handler: async (request, reply) => {
      // What was typed, not what is stored: never kept by a cache.
      reply.header('cache-control', 'private, no-store');
      return guidePreview(db, request.params.id, request.query, await request.actor());
    },
  });
  routes.route({
    ...app.endpoint('insights'),
    handler: async (request) => insightsReport(db, request.query),
  });
  routes.route({
    ...app.endpoint('exportInsights'),
    handler: async (request, reply) => {
      const { chart: id, ...query } = request.query;
      const report = await insightsReport(db, query);
      const chart = report.charts.find((c) => c.id === id)!;
      return sendCsv(reply, `insights-${id}-${report.from}-to-${report.to}`, chartCsv(chart));
    },
  });
  routes.route({
    ...app.endpoint('dealerInsights'),
    handler: async (request) => dealerInsights(db, (await request.actor()).id!, request.query),
  });
  routes.route({
    ...app.endpoint('exportDealerInsights'),
    handler: async (request, reply) => {
      const report = await dealerInsights(db, (await request.actor()).id!, request.query);
      return sendCsv(reply, `purchases-${report.from}-to-${report.to}`, chartCsv(report.chart));
    },
  });
}
