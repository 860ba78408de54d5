import { NO_TIRES } from '@contracts/condition-report-rules';
import type { PublicVehicle, PublicVehicleDetail } from '@contracts/vehicle';
import type { VehicleSearchResult } from '@contracts/vehicle-search';
import { type InfiniteData, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/api/query-keys';
import { isVehicleId, vehicleQueryOptions } from '../api/get-vehicle';

/**
 * The vehicle of the detail page. Coming from the listings, the card's data shows at once while
 * the fresh copy loads (`isPlaceholderData`: its condition report is not there yet).
 */
export function useVehicle(id: string) {
  const queryClient = useQueryClient();
  const valid = isVehicleId(id);
  return useQuery({
    ...vehicleQueryOptions(id),
    enabled: valid,
    placeholderData: () => {
      // The card of any search page loaded on the listings.
      let card: PublicVehicle | undefined;
      for (const [, data] of queryClient.getQueriesData<InfiniteData<VehicleSearchResult>>({
        queryKey: queryKeys.vehicles.searches(),
      })) {
        card ??= data?.pages.flatMap((page) => page.items).find((vehicle) => String(vehicle.id) === id);
      }
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
