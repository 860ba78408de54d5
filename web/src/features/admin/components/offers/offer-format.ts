import type { OfferView } from '@contracts/buying';

export const offerVehicleTitle = (offer: OfferView) =>
  [offer.vehicle.year, offer.vehicle.make, offer.vehicle.model].filter(Boolean).join(' ') ||
  `Vehicle #${offer.vehicleId}`;

export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);
