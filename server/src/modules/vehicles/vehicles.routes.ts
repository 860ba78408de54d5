import { changeListingStatusBodySchema, completeListingBodySchema, reconBodySchema } from '@contracts/admin';
import { premiumCertification } from '@contracts/brand';
import { ERROR_CODES } from '@contracts/errors';
import { createVehicleBodySchema } from '@contracts/upload';
import { adminVehicleSchema, vehicleIdParamsSchema } from '@contracts/vehicle';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { idempotencyOf } from '../../lib/idempotency';
import type { VinDecoder } from '../vin/decode-vin';
import { createVehicle } from './create-vehicle';
import { findAllVehicles, getVehicleById } from './find-vehicles';
import { changeListingStatus, completeListing, updateRecon } from './update-vehicle';
import { pickEncoding, type VehicleListCache } from './vehicle-list-cache';

export interface VehiclesRoutesOptions {
  db: Database;
  listCache: VehicleListCache;
  productName: string;
  decoder: VinDecoder;
  isKnownVideo: (url: string) => Promise<boolean>;
}

const RECON_KEYS = ['reconExterior', 'reconMechanical', 'reconInterior'];
const COMPLETION_KEYS = ['mileage', 'price', 'condition'];

/** Validates a body against one action's allow-list; unknown keys (a VIN, an id, a timestamp) are refused. */
function parseAction<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const message =
    issue?.code === 'unrecognized_keys'
      ? `These fields cannot be changed here: ${issue.keys.join(', ')}`
      : (issue?.message ?? 'Invalid input');
  throw new AppError(ERROR_CODES.badRequest, message);
}

export async function vehiclesRoutes(
  app: FastifyInstance,
  { db, listCache, productName, decoder, isKnownVideo }: VehiclesRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const completeSchema = completeListingBodySchema(premiumCertification({ productName }));

  // Pre-serialised and pre-compressed; the compress plugin is off for this route.
  routes.get('/api/vehicles', { config: { access: 'public' }, compress: false }, async (request, reply) => {
    // Admins see every vehicle with every field; it is a small, uncached, private answer.
    if ((await request.actor()).type === 'admin') {
      reply.header('cache-control', 'private, no-store').header('vary', 'cookie, authorization');
      return findAllVehicles(db);
    }
    const list = await listCache.get();
    reply.header('etag', list.etag).header('vary', 'accept-encoding').header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === list.etag) return reply.code(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(list[encoding]);
  });

  routes.get(
    '/api/vehicles/:id',
    { config: { access: 'public' }, schema: { params: vehicleIdParamsSchema } },
    async (request, reply) => {
      const isAdmin = (await request.actor()).type === 'admin';
      // A published vehicle is answered from the list cache; anything else reads the database.
      const cached = isAdmin ? undefined : (await listCache.get()).byId.get(request.params.id);
      if (cached)
        return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(cached);
      return getVehicleById(db, request.params.id, { isAdmin });
    },
  );

  /**
   * One route, three actions, each with its own allow-list (spec §7): recon notes (staff or admin,
   * staff only while the vehicle is queued), queue completion and remove/reactivate (admin).
   */
  routes.patch(
    '/api/vehicles/:id',
    { config: { access: 'staff', changesVehicles: true }, schema: { params: vehicleIdParamsSchema } },
    async (request) => {
      const actor = await request.actor();
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (typeof body !== 'object' || Array.isArray(body))
        throw new AppError(ERROR_CODES.badRequest, 'Send a JSON object');
      const keys = Object.keys(body);
      if (keys.length === 0) throw new AppError(ERROR_CODES.badRequest, 'Nothing to update');
      const id = request.params.id;
      if (keys.some((k) => RECON_KEYS.includes(k))) {
        const recon = parseAction(reconBodySchema, body);
        return updateRecon(db, id, recon, actor, { onlyWhileQueued: actor.type !== 'admin' });
      }
      if (actor.type !== 'admin')
        throw new AppError(ERROR_CODES.forbidden, 'Only an admin can change a listing');
      if (keys.some((k) => COMPLETION_KEYS.includes(k))) {
        const { status: _status, inQueue: _inQueue, ...listing } = parseAction(completeSchema, body);
        return completeListing(db, id, listing, actor);
      }
      const change = parseAction(changeListingStatusBodySchema, body);
      return changeListingStatus(db, id, change.status, actor);
    },
  );

  routes.post(
    '/api/vehicles',
    {
      // A new vehicle waits in the admin queue, unpublished: the public list cannot change.
      config: { access: 'staff' },
      schema: { body: createVehicleBodySchema, response: { 201: adminVehicleSchema } },
    },
    async (request, reply) => {
      const actor = await request.actor();
      // Staff share one identity (the upload password), so a key is bound to the role, not a session.
      const idempotency = idempotencyOf(request, `${actor.type}:${actor.id ?? ''}`);
      const vehicle = await createVehicle(db, request.body, { decoder, isKnownVideo }, actor, idempotency);
      return reply.code(201).send(vehicle);
    },
  );
}
