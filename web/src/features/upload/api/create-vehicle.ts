import { IDEMPOTENCY_HEADER } from '@contracts/buying';
import type { CreateVehicleBody } from '@contracts/upload';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';

interface CreateVehicleInput {
  body: CreateVehicleBody;
  /** Reused when the same attempt is retried, so a lost answer never makes two vehicles. */
  idempotencyKey: string;
}

/** POST /api/vehicles (staff): the vehicle enters the admin queue as pending. */
export const useCreateVehicle = () =>
  useMutation({
    mutationFn: ({ body, idempotencyKey }: CreateVehicleInput) =>
      callApi('createVehicle', { body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  });
