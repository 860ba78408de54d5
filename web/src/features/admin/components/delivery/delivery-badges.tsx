import {
  FLOOR_PLAN_STATUS_LABELS,
  type FloorPlanStatus,
  TRANSPORT_STATUS_LABELS,
  type TransportStatus,
} from '@contracts/delivery';
import { AlertTriangle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { DELIVERY_ADMIN_LABELS as L } from '../../admin-texts';
import { FLOOR_PLAN_STATUS_TONE, TRANSPORT_STATUS_TONE } from './delivery-format';

export const TransportStatusBadge = ({ status }: { status: TransportStatus }) => (
  <Badge tone={TRANSPORT_STATUS_TONE[status]}>{TRANSPORT_STATUS_LABELS[status]}</Badge>
);

export const FloorPlanStatusBadge = ({ status }: { status: FloorPlanStatus }) => (
  <Badge tone={FLOOR_PLAN_STATUS_TONE[status]} className="md:whitespace-nowrap">
    {FLOOR_PLAN_STATUS_LABELS[status]}
  </Badge>
);

/** "Pickup late", in red beside a transport's status (its board row and the sale's details). */
export const PickupLateFlag = ({ className }: { className?: string }) => (
  <span className={cn('inline-flex items-center gap-1 font-semibold text-red-700', className)}>
    <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0" />
    {L.pickupLate}
  </span>
);
