import type { PublicVehicle } from '@contracts/vehicle';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/vehicles: the public list (active, published vehicles only). */
export const getVehicles = () => apiRequest<PublicVehicle[]>('GET', '/api/vehicles');

export const vehiclesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.vehicles.list(), queryFn: getVehicles });

export const useVehicles = () => useQuery(vehiclesQueryOptions());
