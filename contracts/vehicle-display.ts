import type { UnavailableVehicle, VehicleDetail } from './vehicle';

/*
 * Display rules about vehicles with no runtime dependency (the public pages import these; the
 * zod schemas in ./vehicle stay out of their bundles).
 */

export const isUnavailable = (v: VehicleDetail): v is UnavailableVehicle => !('vin' in v);

/** Video URLs the walkthrough dialog plays (spec §2: the URL contains .mp4, .mov, .MOV or .webm). */
export const isPlayableVideoUrl = (url: string | undefined) => !!url && /\.(mp4|mov|webm)\b/i.test(url);
