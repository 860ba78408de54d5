import { isUnavailable } from '@contracts/vehicle-display';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { usePageMeta } from '@/lib/use-page-meta';
import { isNotFoundError, isVehicleId } from './api/get-vehicle';
import { VehicleDetails } from './components/vehicle-details';
import { VehicleLoadError, VehicleNoLongerAvailable, VehicleNotFound } from './components/vehicle-outcome';
import { VehiclePageSkeleton } from './components/vehicle-page-skeleton';
import { useVehicle } from './hooks/use-vehicle';
import { DETAIL_TEXTS } from './vehicle-detail-texts';

export default function VehiclePage({ id }: { id: string }) {
  const vehicle = useVehicle(id);
  const data = vehicle.data;
  const notFound = !isVehicleId(id) || (vehicle.isError && isNotFoundError(vehicle.error));
  const unavailable = data !== undefined && isUnavailable(data);

  usePageMeta(
    'vehicle',
    notFound
      ? DETAIL_TEXTS.notFound
      : unavailable
        ? DETAIL_TEXTS.noLongerAvailable
        : data
          ? vehicleTitle(data)
          : undefined,
  );

  if (notFound) return <VehicleNotFound />;
  if (vehicle.isError) return <VehicleLoadError read={vehicle} />;
  if (!data) return <VehiclePageSkeleton />;
  if (isUnavailable(data)) return <VehicleNoLongerAvailable />;
  return <VehicleDetails vehicle={data} reportLoading={vehicle.isPlaceholderData} />;
}
