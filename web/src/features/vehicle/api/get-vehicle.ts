import { isDecimalId } from '@contracts/decimal-id';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** Ids the API accepts (the server's own rule); anything else is 'Vehicle Not Found' without a request. */
export const isVehicleId = isDecimalId;

/** GET /api/vehicles/:id: the public vehicle, or `{id, status}` when sold or removed. */
export const getVehicle = (id: string) => callApi('getVehicle', { params: { id } });

/**
 * The detail page's query. Also started before the app's first render (app/router.tsx), so this
 * file stays light: the hook with its placeholder is hooks/use-vehicle.ts.
 */
export const vehicleQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.vehicles.detail(id), queryFn: () => getVehicle(id) });

/** A 404 (unknown) or 400 (malformed id) both mean the vehicle is not there. */
export const isNotFoundError = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
