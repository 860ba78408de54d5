import { z } from './zod';

/** The one error body of the API (docs/product.md §8 reads `message`, else `error`). */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  /** A finer, stable reason for some refusals (e.g. PURCHASE_REFUSALS in buying.ts). */
  reason: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  /** What was there is gone for good (an upload that expired unfinished). */
  gone: 'GONE',
  unprocessable: 'UNPROCESSABLE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  badGateway: 'BAD_GATEWAY',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
