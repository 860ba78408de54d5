import { vehicles } from './schema';

/** How every list names a car (year, make, model and VIN), selected as one nested object or spread. */
export const vehicleNameColumns = {
  year: vehicles.year,
  make: vehicles.make,
  model: vehicles.model,
  vin: vehicles.vin,
};
