import type { GuideDetail, GuidePreviewQuery } from '@contracts/guide';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';

/**
 * The market guide's reads (issue #33). Under the vehicles' key, so a change to the cars (a new
 * price, a sale) and an admin's sign-out refresh or drop them with the cars themselves.
 */
export const guideKeys = {
  /** One car's guide with its evidence (GET /api/vehicles/:id/guide). */
  detail: (vehicleId: number | string) => ['vehicles', 'guide', String(vehicleId)] as const,
  /** One card's badge, read in batches (GET /api/guides?ids=…). */
  summary: (vehicleId: number) => ['vehicles', 'guide-summary', vehicleId] as const,
  /** The guide of a car's fields as typed (GET /api/vehicles/:id/guide-preview). */
  preview: (vehicleId: number, typed: GuidePreviewQuery) =>
    ['vehicles', 'guide-preview', vehicleId, typed] as const,
};

/**
 * GET /api/vehicles/:id/guide: the guide, its range and the sales behind it (signed-in dealers and
 * admins; an admin may ask it of a queued car while pricing it).
 */
export const vehicleGuideQuery = (vehicleId: number | string) =>
  queryOptions<GuideDetail>({
    queryKey: guideKeys.detail(vehicleId),
    queryFn: ({ signal }) => callApi('vehicleGuide', { params: { id: vehicleId }, signal }),
  });

/** The guide of one car; `enabled` false (no signed-in account) asks nothing. */
export const useVehicleGuide = (vehicleId: number | string, enabled: boolean) =>
  useQuery({ ...vehicleGuideQuery(vehicleId), enabled });

/**
 * GET /api/vehicles/:id/guide-preview: the guide of the year, make, model, miles and price an admin
 * is typing while completing a listing (the caller passes settled values). The last answer stays
 * shown while the next is asked, so the figure does not blink at each pause in typing.
 */
export const useGuidePreview = (vehicleId: number, typed: GuidePreviewQuery) =>
  useQuery<GuideDetail>({
    queryKey: guideKeys.preview(vehicleId, typed),
    queryFn: ({ signal }) =>
      callApi('vehicleGuidePreview', { params: { id: vehicleId }, query: typed, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
