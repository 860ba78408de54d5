import { ERROR_CODES } from '@contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { deliveryZipOf } from '../../lib/delivery-zip';
import { idempotencyOf } from '../../lib/idempotency';
import type { VinDecoder } from '../vin/decode-vin';
import { createVehicle } from './create-vehicle';
import { findStaffUploads } from './find-staff-uploads';
import {
  countAdminVehicles,
  findAdminVehiclePage,
  findAllVehicles,
  getVehicleById,
  VEHICLE_NOT_FOUND,
} from './find-vehicles';
import { findFirstLooks, previewFirstLook } from './first-look';
import type { VehicleSearchCache } from './search-cache';
import { searchAnswer } from './search-vehicles';
import {
  changeListingStatus,
  completeListing,
  editListing,
  releaseListing,
  updateRecon,
} from './update-vehicle';
import { type Precompressed, pickEncoding, type VehicleListCache } from './vehicle-list-cache';

export interface VehiclesRoutesOptions {
  db: Database;
  listCache: VehicleListCache;
  decoder: VinDecoder;
  isKnownVideo: (url: string) => Promise<boolean>;
  /** The branded certification name (`cert=premium` in a search). */
  premiumLabel: string;
  /** What searches keep until the list changes (answers, counts, vocabulary). */
  searchCache: VehicleSearchCache;
  /** Where a car with no location stands (LOT_ZIP): a search's `within` measures to it. */
  lotZip: string;
}

/** The cached list's bytes (and 304) bypass the serializer, so they are sent on the untyped reply. */
const untyped = (reply: FastifyReply) => reply;

/** JSON kept in every encoding: the one the client accepts best, as it is. */
async function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, answer: Precompressed) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const body = await answer.encoded(encoding);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return untyped(reply).type('application/json; charset=utf-8').send(body);
}

export async function vehiclesRoutes(
  app: FastifyInstance,
  { db, listCache, decoder, isKnownVideo, premiumLabel, searchCache, lotZip }: VehiclesRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Pre-serialised and pre-compressed (ADR 0006); the compress plugin is off for this route.
  routes.route({
    ...app.endpoint('listVehicles'),
    compress: false,
    handler: async (request, reply) => {
      // Admins see every vehicle with every field; it is a small, uncached, private answer.
      if ((await request.actor()).type === 'admin') {
        reply.header('cache-control', 'private, no-store').header('vary', 'cookie, authorization');
        return findAllVehicles(db);
      }
      const list = await listCache.get();
      reply.header('etag', list.etag).header('vary', 'accept-encoding').header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === list.etag) return untyped(reply).code(304).send();
      return sendPrecompressed(request, reply, list);
    },
  });

  // The admin's lists a page at a time (issue #47), and their sizes.
  routes.route({
    ...app.endpoint('listAdminVehicles'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return findAdminVehiclePage(db, request.query);
    },
  });
  routes.route({
    ...app.endpoint('adminVehicleCounts'),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return countAdminVehicles(db);
    },
  });

  // The public list for every caller, admins included (they manage listings through listVehicles).
  // Answers are kept serialised and compressed until the list changes (ADR 0013), like the list.
  routes.route({
    ...app.endpoint('searchVehicles'),
    compress: false,
    handler: async (request, reply) => {
      let query = request.query;
      // "Within N miles" with no ZIP: a signed-in dealer's is its delivery ZIP (searchDistance
      // refuses it for anyone else). The answer then depends on who asks: it is theirs alone.
      if (query.within !== null && query.zip === null) {
        const actor = await request.actor();
        if (actor.type === 'dealer') query = { ...query, zip: await deliveryZipOf(db, actor.id!) };
        reply
          .header('vary', 'accept-encoding, cookie, authorization')
          .header('cache-control', 'private, no-cache');
      } else reply.header('vary', 'accept-encoding').header('cache-control', 'no-cache');
      const answer = await searchAnswer(db, query, { premiumLabel, lotZip, cache: searchCache });
      return sendPrecompressed(request, reply, answer);
    },
  });

  routes.route({
    ...app.endpoint('getVehicle'),
    handler: async (request, reply) => {
      const actor = await request.actor();
      // A published vehicle is answered from the list cache; anything else reads the database.
      const cached = actor.type === 'admin' ? undefined : (await listCache.get()).byId.get(request.params.id);
      if (cached)
        return untyped(reply)
          .type('application/json; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(cached);
      // Not published: the answer may depend on who asks (a first look), so no cache keeps it.
      reply.header('cache-control', 'private, no-store').header('vary', 'cookie, authorization');
      // What the caller may learn, and an unseen car answered as an unknown id (car-visibility.ts).
      return getVehicleById(db, request.params.id, actor);
    },
  });

  routes.route({
    ...app.endpoint('firstLookPreview'),
    handler: async (request) => {
      const { price, mileage, condition, year, make, model, trim } = request.body;
      const answer = await previewFirstLook(db, request.params.id, {
        price,
        mileage,
        condition,
        year: year ?? undefined,
        make: make === undefined ? undefined : make || null,
        model: model === undefined ? undefined : model || null,
        trim: trim === undefined ? undefined : trim || null,
      });
      if (!answer) throw notFound(VEHICLE_NOT_FOUND);
      return answer;
    },
  });

  // "My uploads" (issue #34): private to the sign-in that asks, never cached.
  routes.route({
    ...app.endpoint('staffUploads'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return findStaffUploads(db, await request.actor(), request.query.limit);
    },
  });

  routes.route({
    ...app.endpoint('dealerFirstLooks'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return findFirstLooks(db, (await request.actor()).id!);
    },
  });

  /**
   * One route, four actions, each with its own allow-list (docs/product.md §7, contracts' updateVehicleBodySchema):
   * recon notes (staff or admin; staff only while the car waits in the queue, a held car counting as
   * published: car-visibility.ts staffMayEdit), queue completion,
   * remove/reactivate and editing a published listing (admin).
   */
  routes.route({
    ...app.endpoint('updateVehicle', { changesVehicles: true }),
    handler: async (request) => {
      const actor = await request.actor();
      const id = request.params.id;
      const body = request.body;
      if (body.action === 'recon') {
        const { action: _action, ...recon } = body;
        return updateRecon(db, id, recon, actor, { asStaff: actor.type !== 'admin' });
      }
      if (actor.type !== 'admin')
        throw new AppError(ERROR_CODES.forbidden, 'Only an admin can change a listing');
      if (body.action === 'complete') {
        const { action: _action, status: _status, inQueue: _inQueue, ...listing } = body;
        return completeListing(db, id, listing, actor, lotZip);
      }
      if (body.action === 'edit') {
        const { action: _action, ...edit } = body;
        return editListing(db, id, edit, actor, lotZip);
      }
      if (body.action === 'release') return releaseListing(db, id, actor, lotZip);
      return changeListingStatus(db, id, body.status, actor, lotZip);
    },
  });

  routes.route({
    // A new vehicle waits in the admin queue, unpublished: the public list cannot change.
    ...app.endpoint('createVehicle'),
    handler: async (request, reply) => {
      const actor = await request.actor();
      // Staff share one identity (the upload password), so a key is bound to the role, not a session.
      const idempotency = idempotencyOf(request, `${actor.type}:${actor.id ?? ''}`);
      const vehicle = await createVehicle(db, request.body, { decoder, isKnownVideo }, actor, idempotency);
      return reply.code(201).send(vehicle);
    },
  });
}
