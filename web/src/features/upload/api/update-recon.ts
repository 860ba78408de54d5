import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';

export interface ReconInput {
  vehicleId: number;
  reconExterior: string;
  reconMechanical: string;
  reconInterior: string;
}

/** PATCH /api/vehicles/:id with the recon fields only; the server saves blank ones as 'None Found'. */
export const useUpdateRecon = () =>
  useMutation({
    mutationFn: ({ vehicleId, ...recon }: ReconInput) =>
      callApi('updateVehicle', { params: { id: vehicleId }, body: recon }),
  });
