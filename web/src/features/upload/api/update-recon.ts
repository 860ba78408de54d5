import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

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
      apiRequest<{ id: number }>('PATCH', `/api/vehicles/${vehicleId}`, recon),
  });
