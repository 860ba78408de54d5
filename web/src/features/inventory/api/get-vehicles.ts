import type { PublicVehicle } from '@contracts/vehicle';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/vehicles: the public list (active, published vehicles only). */
export const getVehicles = () => callApi('listVehicles') as Promise<PublicVehicle[]>;

export const vehiclesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.vehicles.list(), queryFn: getVehicles });

export const useVehicles = () => useQuery(vehiclesQueryOptions());
