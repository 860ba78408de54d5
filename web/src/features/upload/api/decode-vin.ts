import { type VinDecode, vinDecodeSchema } from '@contracts/upload';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/vin/:vin: our server decodes through NHTSA vPIC, or offline when vPIC is unreachable. */
export const vinDecodeQuery = (vin: string) =>
  queryOptions({
    queryKey: queryKeys.upload.vinDecode(vin),
    queryFn: async (): Promise<VinDecode> =>
      vinDecodeSchema.parse(await callApi('decodeVin', { params: { vin } })),
    // Offline it fails at once (the wizard then says the server decodes it when the car is sent)
    // instead of waiting, paused, for a signal.
    networkMode: 'always',
  });

/** Decodes on demand (when the 17th character is typed); a VIN decoded before comes from the cache. */
export function useDecodeVin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vin: string) => queryClient.fetchQuery(vinDecodeQuery(vin)),
    networkMode: 'always',
  });
}
