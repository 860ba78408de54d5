/**
 * The one mileage display: a distance or an odometer reading reads "1,737 mi" on every screen, in
 * every message and document. Without zod, so the texts the buying dialogs import can use it.
 */
import { formatGrouped } from './number-format';

/** A distance or an odometer reading, grouped: 1737 → "1,737" (the one mileage number formatter). */
export const formatMilesNumber = (miles: number) => formatGrouped(miles, 0);

/** A distance or an odometer reading as every screen, message and document says it: "1,737 mi". */
export const formatMi = (miles: number) => `${formatMilesNumber(miles)} mi`;
