import { formatMonthDay } from '@contracts/dates';
import {
  type FloorPlanStatus,
  TRANSPORT_STATUS_LABELS,
  TRANSPORT_STATUS_RANK,
  type TransportStatus,
  type TransportView,
  type UpdateTransportOrderBody,
} from '@contracts/delivery';
import type { BadgeTone } from '@/components/ui/badge';
import { formatDay } from '@/lib/display/time-left';

export const TRANSPORT_STATUS_TONE: Record<TransportStatus, BadgeTone> = {
  awaiting_release: 'yellow',
  unassigned: 'yellow',
  assigned: 'blue',
  picked_up: 'blue',
  in_transit: 'blue',
  delivered: 'green',
  cancelled: 'gray',
};

export const FLOOR_PLAN_STATUS_TONE: Record<FloorPlanStatus, BadgeTone> = {
  requested: 'yellow',
  approved: 'blue',
  declined: 'red',
  funded: 'green',
};

/** "Nov 30 – Dec 4, 2026" (the year once when both ends share it), or one day when they are the same. */
export const formatWindow = ({ from, to }: { from: string; to: string }) => {
  if (!from) return to ? `by ${formatDay(to)}` : '—';
  if (!to || from === to) return formatDay(from);
  const start = from.slice(0, 4) === to.slice(0, 4) ? formatMonthDay(from) : formatDay(from);
  return `${start} – ${formatDay(to)}`;
};

type MovableStatus = Exclude<UpdateTransportOrderBody['status'], 'cancelled'>;

/**
 * The one step an admin moves a team-arranged transport to from each status (the carrier's own
 * statuses otherwise). Waiting for release has none: the server starts it once the car may leave.
 */
export const NEXT_TRANSPORT_STATUS: Partial<Record<TransportStatus, MovableStatus>> = {
  unassigned: 'assigned',
  assigned: 'picked_up',
  picked_up: 'in_transit',
  in_transit: 'delivered',
};

/** The button that moves it there: "Mark picked up". */
export const markLabel = (status: MovableStatus) =>
  status === 'assigned' ? 'Mark carrier assigned' : `Mark ${TRANSPORT_STATUS_LABELS[status].toLowerCase()}`;

/** Until the carrier has the car, the transport may be called off (DELIVERY_TEXT.notCancellable). */
export const isCancellable = (status: TransportStatus) =>
  TRANSPORT_STATUS_RANK[status] < TRANSPORT_STATUS_RANK.picked_up;

/** The board's views (contracts/delivery-texts.ts TRANSPORT_VIEWS) in words: "Pickup late: 2". */
export const TRANSPORT_VIEW_LABELS: Record<TransportView, string> = {
  open: 'Open orders',
  late: 'Pickup late',
  ...TRANSPORT_STATUS_LABELS,
  all: 'All orders',
};

/** A datetime-local value ("2026-01-08T14:30", the admin's clock) as an ISO time, or undefined. */
export const localToIso = (value: string) => {
  if (!value.trim()) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
};
