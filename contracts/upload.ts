import { conditionReportBodySchema } from './condition-report';
import { VIN_LENGTH } from './limits';
import { mileageSchema } from './mileage';
import { photoRefsSchema } from './photos';
import { requiredShotListSchema, skippedShotsSchema } from './required-shots';
import { MAX_VIDEO_BYTES } from './upload-limits';
import { hasValidVinCheckDigit, VIN_CHARSET, VIN_CHECK_DIGIT_OVERRIDES } from './vin';
import { z } from './zod';

/** Texts of the staff upload wizard (docs/product.md §2, §5, §8), verbatim. */
export const UPLOAD_TEXT = {
  vinLength: 'Please enter the full 17-character VIN',
  vinInvalid: 'Please enter a valid 17-digit VIN',
  vinDecoded: 'VIN Decoded',
  vinDecodeFailed: 'Failed to decode VIN',
  videoRequired: 'Please upload a walkaround video',
  invalidVideoType: 'Invalid video type',
  videoTooLarge: 'Video must be smaller than 200MB',
  maxOneFile: 'Maximum 1 files allowed',
  signatureFailed: 'Failed to get upload signature',
  uploadFailedPrefix: 'Failed to upload video: ',
  cloudinaryFailedPrefix: 'Cloudinary upload failed: ',
  uploadFailed: 'Upload Failed',
  vehicleCreated: 'Vehicle created. Please fill out the recon section.',
  reconFailed: 'Failed to update recon information',
  noVehicleId: 'No vehicle ID available',
  addedToQueue: 'Vehicle added to queue for review',
  uploadAnother: 'Upload Another Vehicle',
  checkDigitWarning: 'The check digit (9th character) does not match: please double-check the VIN.',
  /** A wrong check digit without a reason: the VIN step and POST /api/vehicles say the same. */
  checkDigitRefused:
    'The check digit (9th character) does not match. Correct the VIN, or confirm it was built before 1981 or for a market outside North America.',
  checkDigitOverrideLegend: 'This VIN is right as typed: it was',
  /** The decode, said the same way on the VIN step, its toast and the summary. */
  decodedOffline: 'Decoded offline: year and make only',
  notDecoded: 'Not decoded',
} as const;

export const vinParamSchema = z.object({
  vin: z
    .string()
    .trim()
    .toUpperCase()
    .length(VIN_LENGTH, UPLOAD_TEXT.vinLength)
    .regex(VIN_CHARSET, UPLOAD_TEXT.vinInvalid),
});

/** GET /api/vin/:vin */
export const vinDecodeSchema = z.object({
  vin: z.string(),
  checkDigitValid: z.boolean(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  trim: z.string().nullable(),
  /** 'vpic' = NHTSA answered; 'offline' = year from position 10 and make from the WMI only. */
  source: z.enum(['vpic', 'offline']),
});
export type VinDecode = z.infer<typeof vinDecodeSchema>;

/** GET /api/media/config: where the wizard sends the video. */
export const mediaConfigSchema = z.object({
  backend: z.enum(['local', 'cloudinary']),
  maxBytes: z.number().int(),
  /** tus endpoint for the local backend. */
  uploadUrl: z.string().nullable(),
});
export type MediaConfig = z.infer<typeof mediaConfigSchema>;

/** POST /api/cloudinary-signature (docs/product.md §7). */
export const cloudinarySignatureSchema = z.object({
  timestamp: z.number().int(),
  signature: z.string(),
  api_key: z.string(),
  folder: z.string(),
  resource_type: z.string(),
  eager: z.string(),
  cloud_name: z.string(),
  /** Where to POST the file (configurable for tests); `${upload_url}` = …/v1_1/{cloud}/video/upload. */
  upload_url: z.string(),
});
export type CloudinarySignature = z.infer<typeof cloudinarySignatureSchema>;

/** The tus server's answer body when an upload finishes. */
/** `:id` of a local upload (a tus upload id, not a database id). */
/** tus 1.0 endpoint of local video uploads (staff's walkarounds, a dealer's claim video). */
export const VIDEO_UPLOAD_PATH = '/api/uploads';

export const uploadIdParamsSchema = z.object({ id: z.string().max(64) });
export const localUploadResultSchema = z.object({ url: z.string(), thumbnailUrl: z.string().nullable() });

const mediaUrl = z
  .string()
  .max(2000)
  .refine(
    (u) => u.startsWith('/media/') || u.startsWith('https://'),
    'Media must be an uploaded file or an https URL',
  );

/** The odometer reading staff type in the wizard: the admin's rule and messages (mileage.ts). */
export const uploadMileageSchema = mileageSchema;

/**
 * POST /api/vehicles (staff): a new vehicle, pending and in the queue. A VIN whose check digit does
 * not match is refused in words unless `vinCheckDigitOverride` says why it is right (pre-1981 or not
 * North-American); the override is then recorded with the upload.
 */
export const createVehicleBodySchema = z
  .strictObject({
    vin: vinParamSchema.shape.vin,
    videos: z.array(mediaUrl).min(1, UPLOAD_TEXT.videoRequired).max(1, UPLOAD_TEXT.maxOneFile),
    videoThumbnails: z.array(mediaUrl).max(1).default([]),
    year: z.number().int().min(1900).nullish(),
    make: z.string().trim().max(100).nullish(),
    model: z.string().trim().max(100).nullish(),
    trim: z.string().trim().max(100).nullish(),
    /** Uploaded photos (POST /api/photo-uploads), ordered, first = cover (issue #17). */
    photos: photoRefsSchema.optional(),
    /** Damage items, tires and warning lights entered in the wizard. */
    conditionReport: conditionReportBodySchema.optional(),
    /** The odometer reading typed in the wizard (the admin can still change it on completion). */
    mileage: uploadMileageSchema.nullish(),
    /** Why a VIN with a check digit that does not match is right as typed. */
    vinCheckDigitOverride: z.enum(VIN_CHECK_DIGIT_OVERRIDES).nullish(),
    /**
     * Required shots skipped, each with a reason (issue #34). Sent by the wizard (maybe empty): the
     * server then refuses a vehicle missing a required shot. A body without it (an older client, a
     * script) is not judged on shots.
     */
    skippedShots: skippedShotsSchema.optional(),
    /** The required-shot list the wizard judged the car against (the last it read, maybe offline). */
    requiredShots: requiredShotListSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.vinCheckDigitOverride && !hasValidVinCheckDigit(body.vin))
      ctx.addIssue({ code: 'custom', path: ['vin'], message: UPLOAD_TEXT.checkDigitRefused });
  });
export type CreateVehicleBody = z.input<typeof createVehicleBodySchema>;

export const MAX_VIDEO_MB = MAX_VIDEO_BYTES / 1024 / 1024;
