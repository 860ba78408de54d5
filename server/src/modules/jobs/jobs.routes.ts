import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JobRegistry } from '../../lib/jobs';

/** The admin's view of the background jobs (docs/operations.md): every job's row, whichever instance runs it. */
export async function jobsRoutes(app: FastifyInstance, { jobs }: { jobs: JobRegistry }) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...app.endpoint('listJobs'),
    handler: () => jobs.list(),
  });
}
