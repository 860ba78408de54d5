import { formatMonthDay } from '@contracts/dates';
import {
  type FloorPlanBoardRow,
  type FloorPlanStatus,
  TRANSPORT_STATUS_LABELS,
  TRANSPORT_STATUS_RANK,
  TRANSPORT_STATUSES,
  type TransportBoardRow,
  type TransportStatus,
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

/** The board's views: the open orders, the late pickups, one status, or every order. */
export const TRANSPORT_FILTERS = ['open', 'late', ...TRANSPORT_STATUSES, 'all'] as const;
export type TransportFilter = (typeof TRANSPORT_FILTERS)[number];
export const TRANSPORT_FILTER_LABELS: Record<TransportFilter, string> = {
  open: 'Open orders',
  late: 'Pickup late',
  ...TRANSPORT_STATUS_LABELS,
  all: 'All orders',
};

export const matchesTransportFilter = (row: TransportBoardRow, filter: TransportFilter) =>
  filter === 'all'
    ? true
    : filter === 'open'
      ? row.status !== 'delivered' && row.status !== 'cancelled'
      : filter === 'late'
        ? row.pickupLate
        : row.status === filter;

/** Late pickups first, then the earliest stage, then the earliest pickup window, then the oldest order. */
export const sortTransport = (rows: TransportBoardRow[]) =>
  [...rows].sort(
    (a, b) =>
      Number(b.pickupLate) - Number(a.pickupLate) ||
      TRANSPORT_STATUS_RANK[a.status] - TRANSPORT_STATUS_RANK[b.status] ||
      a.pickupWindow.from.localeCompare(b.pickupWindow.from) ||
      a.orderId - b.orderId,
  );

const FLOOR_PLAN_ORDER: Record<FloorPlanStatus, number> = {
  requested: 0,
  approved: 1,
  declined: 2,
  funded: 3,
};

/** Waiting for the lender first, then approved and waiting for the money; oldest request first. */
export const sortFloorPlan = (rows: FloorPlanBoardRow[]) =>
  [...rows].sort(
    (a, b) =>
      FLOOR_PLAN_ORDER[a.status] - FLOOR_PLAN_ORDER[b.status] ||
      a.requestedAt.localeCompare(b.requestedAt) ||
      a.requestId - b.requestId,
  );

/** A datetime-local value ("2026-01-08T14:30", the admin's clock) as an ISO time, or undefined. */
export const localToIso = (value: string) => {
  if (!value.trim()) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
};
