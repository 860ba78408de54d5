import type { IncomingMessage } from 'node:http';
import { ERROR_CODES } from '@contracts/errors';
import { Server as TusServer } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../actor';
import { AppError } from '../app-error';
import type { MediaArea, MediaStorage } from './media-storage';
import { mayOpenUploads, UPLOAD_QUOTA_TEXT, type UploadHolder, type UploadQuotas } from './upload-quotas';
import { parseUploader, type Uploader, uploaderLabel } from './uploader';

/** What a kind's processor is given once every byte of an upload is in. */
export interface FinishedUpload {
  /** The 32-hex id of the upload URL. */
  id: string;
  /** Where its bytes are: `<area>/<id>`. */
  key: string;
  size: number;
  /** Who created it (recorded in its metadata by the creating POST); null for an older upload. */
  uploader: Uploader | null;
}

/**
 * One kind of upload (a walkaround video, a photo): its tus endpoint, the area its bytes go to,
 * its size limit, and what is done once it is complete. `finish` throws an AppError to refuse the
 * upload; what it answers (when not null) is the JSON body of the request that completed it.
 */
export interface UploadKind {
  path: string;
  area: MediaArea;
  maxSize: number;
  finish(upload: FinishedUpload): Promise<object | null>;
}

/** The tus request's own node request (srvx keeps it), on which the route left the actor. */
const nodeRequestOf = (req: Request) =>
  (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
const actors = new WeakMap<IncomingMessage, { actor: Actor; holder: UploadHolder | null }>();

/** The one error dialect: an AppError becomes tus's `{status_code, body}` with our `{message, code}`. */
export function tusErrorOf(error: unknown, log: (message: string) => void) {
  if (error instanceof AppError)
    return {
      status_code: error.statusCode,
      body: JSON.stringify({ message: error.message, code: error.code }),
    };
  // tus's own errors (413, 404, 409 …) carry their status; anything else is ours and says nothing.
  if (error && typeof error === 'object' && 'status_code' in error) return undefined;
  log(`upload failed: ${String(error)}`);
  return {
    status_code: 500,
    body: JSON.stringify({ message: 'The upload could not be processed', code: ERROR_CODES.internal }),
  };
}

/**
 * The tus server of one kind, on local disk or in the bucket (MediaStorage): the creating POST
 * records who uploads (`uploader` metadata, whatever the client sent under that name) and holds
 * the upload against its session's and dealership's quotas (UploadQuotas), the request that
 * completes the upload releases it, runs the kind's processor and carries its answer.
 */
export function createUploadServer(
  storage: MediaStorage,
  kind: UploadKind,
  log: (message: string) => void,
  quotas: UploadQuotas,
) {
  const idOf = (upload: Upload) => upload.id.split('/').pop()!;
  return new TusServer({
    path: kind.path,
    ...storage.tusOptions(kind.area),
    relativeLocation: true,
    maxSize: kind.maxSize,
    disableTerminationForFinishedUploads: true,
    onUploadCreate: async (req, upload) => {
      const node = nodeRequestOf(req);
      const caller = node && actors.get(node);
      if (!caller?.holder) throw { status_code: 401, body: JSON.stringify({ message: 'Sign in to upload' }) };
      // A deferred length counts as the largest file of its kind.
      await quotas.open(caller.holder, {
        id: idOf(upload),
        area: kind.area,
        bytes: upload.size ?? kind.maxSize,
      });
      return { metadata: { ...upload.metadata, uploader: uploaderLabel(caller.actor) } };
    },
    onUploadFinish: async (req, upload) => {
      const id = idOf(upload);
      // Every byte is in: accepted or refused, it no longer holds a place in the quotas.
      await quotas.close(id);
      const answer = await kind.finish({
        id,
        key: `${kind.area}/${id}`,
        size: upload.size ?? upload.offset,
        uploader: parseUploader(upload.metadata?.uploader),
      });
      // A final PATCH answers 204 by the protocol; with a body it is a 200 (the creating POST stays 201).
      if (!answer) return {};
      return {
        ...(req.method === 'PATCH' ? { status_code: 200 } : {}),
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify(answer),
      };
    },
    onResponseError: (_req, error) => tusErrorOf(error, log),
  });
}

/** What the upload routes need besides the tus server: the quotas, and the request's session tokens. */
export interface UploadGate {
  quotas: UploadQuotas;
  tokensOf: (request: FastifyRequest) => string[];
}

/**
 * The routes of one tus endpoint (tus 1.0; the tus server reads the raw body itself). Every
 * request needs a session of someone who may attach media (mayOpenUploads: staff and admins for
 * listings, dealers who may act for a guarantee claim or a delivery; a viewer gets a 403); an
 * unfinished upload that expired answers 410, and a PATCH renews an open one's expiry.
 */
export function registerUploadRoutes(app: FastifyInstance, tus: TusServer, { quotas, tokensOf }: UploadGate) {
  const path = tus.options.path;
  if (!app.hasContentTypeParser('application/offset+octet-stream'))
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  for (const url of [path, `${path}/:id`]) {
    app.route({
      method: ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'],
      url,
      config: { access: 'session' },
      handler: async (request, reply) => {
        const actor = await request.actor();
        const { method } = request;
        if (method !== 'OPTIONS' && !mayOpenUploads(actor))
          throw new AppError(ERROR_CODES.forbidden, UPLOAD_QUOTA_TEXT.notAllowed);
        const id = (request.params as { id?: string }).id;
        if (id && (method === 'PATCH' || method === 'HEAD')) {
          const state = await quotas.resume(id, method === 'PATCH');
          if (state === 'expired')
            throw new AppError(ERROR_CODES.gone, UPLOAD_QUOTA_TEXT.expired(quotas.expiryMinutes));
        }
        const holder = method === 'POST' ? await quotas.holderOf(actor, tokensOf(request)) : null;
        actors.set(request.raw, { actor, holder });
        reply.hijack();
        await tus.handle(request.raw, reply.raw);
        // A terminated upload no longer counts.
        if (id && method === 'DELETE' && reply.raw.statusCode === 204) await quotas.close(id);
      },
    });
  }
}
