import { NO_TIRES } from '@contracts/condition-report-rules';
import { isDecimalId } from '@contracts/decimal-id';
import type { PublicVehicle, PublicVehicleDetail } from '@contracts/vehicle';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Ids the API accepts (the server's own rule); anything else is 'Vehicle Not Found' without a request. */
export const isVehicleId = isDecimalId;

/** GET /api/vehicles/:id: the public vehicle, or `{id, status}` when sold or removed. */
export const getVehicle = (id: string) => callApi('getVehicle', { params: { id } });

/** A 404 (unknown) or 400 (malformed id) both mean the vehicle is not there. */
export const isNotFoundError = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * The vehicle of the detail page. Coming from the listings, the card's data shows at once while
 * the fresh copy loads (`isPlaceholderData`: its condition report is not there yet).
 */
export function useVehicle(id: string) {
  const queryClient = useQueryClient();
  const valid = isVehicleId(id);
  return useQuery({
    queryKey: queryKeys.vehicles.detail(id),
    queryFn: () => getVehicle(id),
    enabled: valid,
    placeholderData: () => {
      const card = queryClient
        .getQueryData<PublicVehicle[]>(queryKeys.vehicles.list())
        ?.find((vehicle) => String(vehicle.id) === id);
      // The card has the cover photo and the grade; the rest of the report arrives with the page
      // (the page shows its report as loading while this placeholder stands in).
      return card
        ? ({
            ...card,
            damage: [],
            tires: NO_TIRES,
            warningLights: [],
            gradeDeductions: [],
          } satisfies PublicVehicleDetail)
        : undefined;
    },
  });
}
