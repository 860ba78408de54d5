import type { PublicVehicle } from '@contracts/vehicle';

/** "2021 Toyota Camry" (docs/product.md §2: year make model); missing parts are left out. */
export const vehicleTitle = (vehicle: Pick<PublicVehicle, 'year' | 'make' | 'model'>) =>
  [vehicle.year, vehicle.make, vehicle.model].filter((part) => part !== null && part !== '').join(' ') ||
  'Vehicle';

/** The picture to show for a vehicle: the video poster first, then the first photo. */
export const vehiclePicture = (vehicle: Pick<PublicVehicle, 'videoThumbnails' | 'images'>) =>
  vehicle.videoThumbnails[0] ?? vehicle.images[0] ?? null;
