import { ADMIN_TEXT } from './admin';
import { z } from './zod';

/**
 * An odometer reading, one rule for every form that takes it (the admin completing or editing a
 * listing, staff in the wizard): a whole number of miles from 0 to 2,000,000, typed or sent as text.
 */
export const mileageSchema = z.coerce
  .number({ error: ADMIN_TEXT.invalidMileage })
  .int(ADMIN_TEXT.invalidMileage)
  .min(0, ADMIN_TEXT.invalidMileage)
  .max(2_000_000, ADMIN_TEXT.invalidMileage);

/** How a reading is shown ("1,737 mi"): mileage-format.ts, kept free of zod for the dialogs' texts. */
export { formatMi, formatMilesNumber } from './mileage-format';
