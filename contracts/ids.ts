import { DECIMAL_ID, MAX_ID } from './decimal-id';
import { z } from './zod';

export const ID_MESSAGE = 'Id must be a whole number from 1 to 2147483647';
export const VEHICLE_ID_MESSAGE = 'Vehicle id must be a whole number from 1 to 2147483647';
export const DEALER_ID_MESSAGE = 'Dealer id must be a whole number from 1 to 2147483647';

/** An id in a path or query string: the strict decimal form, as a number. */
export const idSchema = (message: string = ID_MESSAGE) =>
  z
    .string({ error: message })
    .regex(DECIMAL_ID, message)
    .transform(Number)
    .pipe(z.number({ error: message }).max(MAX_ID, message));

/** An id in a JSON body: a JSON integer, or the same strict decimal string (an HTML select's value). */
export const jsonIdSchema = (message: string = ID_MESSAGE) =>
  z.union(
    [z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message), idSchema(message)],
    {
      error: message,
    },
  );

/** `:id` path parameters. */
export const idParamsSchema = z.object({ id: idSchema() });

/**
 * `?ids=1,2,3`: up to 100 distinct vehicle ids, the cards of a page asking in one request (their
 * market guides, their delivered prices), with the endpoint's own words for a bad list.
 */
export const vehicleIdsSchema = (text: { badIds: string; tooManyIds: string }) =>
  z
    .string({ error: text.badIds })
    .regex(/^\d{1,10}(,\d{1,10})*$/, text.badIds)
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.length <= 100, text.tooManyIds)
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), VEHICLE_ID_MESSAGE);
