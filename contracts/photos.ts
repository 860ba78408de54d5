import { conditionReportSchema, MAX_PHOTOS, photoKindSchema, photoSchema } from './condition-report';
import { idSchema, VEHICLE_ID_MESSAGE } from './ids';
import { z } from './zod';

/**
 * The photo routes of the condition report (issue #17): tus uploads at PHOTO_UPLOAD_PATH, then the
 * uploaded photos are attached to a vehicle, reordered, given kinds and deleted.
 */

/** tus 1.0 endpoint of photo uploads (Upload-Metadata `filetype` and `filename`). */
export const PHOTO_UPLOAD_PATH = '/api/photo-uploads';
/** Largest accepted photo file (the browser downscales first, so this is generous). */
export const MAX_PHOTO_BYTES = 25 * 1024 * 1024;
/** Largest accepted image, in pixels (about 50 megapixels), checked before decoding. */
export const MAX_PHOTO_PIXELS = 50_000_000;

export const PHOTO_TEXT = {
  invalidType: 'Unsupported image: upload a JPEG, PNG, HEIC/HEIF or WebP photo',
  unreadable: 'This image could not be read: the file is damaged or not a photo',
  tooLarge: `Photo must be smaller than ${MAX_PHOTO_BYTES / 1024 / 1024}MB`,
  tooManyPixels: 'This image is too large (more than 50 megapixels)',
  tooMany: `A vehicle has at most ${MAX_PHOTOS} photos`,
  unknownPhoto: 'Unknown photo: upload it first (or it belongs to another vehicle)',
  duplicatePhoto: 'The same photo is listed twice',
  photoNotFound: 'Photo not found',
  orderMismatch: 'List every photo of the vehicle exactly once',
  damagePhotoUnknown: 'A damage item refers to a photo this vehicle does not have',
} as const;

/** One photo in a request: its id (from GET /api/photo-uploads/:id) and what it shows. */
export const photoRefSchema = z.object({ id: z.number().int().positive(), kind: photoKindSchema });
export type PhotoRef = z.infer<typeof photoRefSchema>;

/** Ordered (first = cover), no id twice. */
export const photoRefsSchema = z
  .array(photoRefSchema)
  .max(MAX_PHOTOS, PHOTO_TEXT.tooMany)
  .refine((refs) => new Set(refs.map((r) => r.id)).size === refs.length, PHOTO_TEXT.duplicatePhoto);

/** POST /api/vehicles/:id/photos (attach more) and PUT /api/vehicles/:id/photos (the complete order). */
export const photosBodySchema = z.strictObject({ photos: photoRefsSchema });
export type PhotosBody = z.input<typeof photosBodySchema>;

/** `:id` of a photo upload: the tus upload id. */
export const photoUploadParamsSchema = z.object({ id: z.string().max(64) });

/** GET /api/photo-uploads/:id */
export const photoUploadStatusSchema = z.object({
  status: z.enum(['processing', 'ready', 'failed']),
  /** The processed, still unattached photo (kind 'extra' until attached). */
  photo: photoSchema.nullable(),
  message: z.string().nullable(),
});
export type PhotoUploadStatus = z.infer<typeof photoUploadStatusSchema>;

/** DELETE /api/vehicles/:id/photos/:photoId */
export const vehiclePhotoParamsSchema = z.object({
  id: idSchema(VEHICLE_ID_MESSAGE),
  photoId: idSchema(),
});

/** What every photo and report edit answers: the vehicle's whole condition report after it. */
export const conditionReportResponseSchema = conditionReportSchema;
