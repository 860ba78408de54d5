import type { FirstLookPreview } from '@contracts/listings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

export interface FirstLookPreviewValues {
  price?: string | undefined;
  mileage?: number | undefined;
  condition?: string | undefined;
  year?: number | null | undefined;
  make?: string | null | undefined;
  model?: string | null | undefined;
  trim?: string | null | undefined;
}

/**
 * POST /api/vehicles/:id/first-look-preview: how many open buy orders (and dealerships) the Complete
 * dialog's values match now, asked again as they settle (the caller passes settled values).
 */
export const useFirstLookPreview = (vehicleId: number, values: FirstLookPreviewValues | null) =>
  useQuery<FirstLookPreview>({
    queryKey: queryKeys.admin.firstLookPreview(vehicleId, values),
    queryFn: ({ signal }) =>
      callApi('firstLookPreview', { params: { id: vehicleId }, body: values ?? {}, signal }),
    enabled: values !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
