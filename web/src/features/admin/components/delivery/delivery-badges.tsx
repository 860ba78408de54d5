import {
  FLOOR_PLAN_STATUS_LABELS,
  type FloorPlanStatus,
  TRANSPORT_STATUS_LABELS,
  type TransportStatus,
} from '@contracts/delivery';
import { Badge } from '@/components/ui/badge';
import { FLOOR_PLAN_STATUS_TONE, TRANSPORT_STATUS_TONE } from './delivery-format';

export const TransportStatusBadge = ({ status }: { status: TransportStatus }) => (
  <Badge tone={TRANSPORT_STATUS_TONE[status]}>{TRANSPORT_STATUS_LABELS[status]}</Badge>
);

export const FloorPlanStatusBadge = ({ status }: { status: FloorPlanStatus }) => (
  <Badge tone={FLOOR_PLAN_STATUS_TONE[status]} className="md:whitespace-nowrap">
    {FLOOR_PLAN_STATUS_LABELS[status]}
  </Badge>
);
