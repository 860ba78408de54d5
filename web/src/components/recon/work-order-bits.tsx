import { formatDay } from '@contracts/dates';
import {
  formatDuration,
  progressText,
  TIME_TO_LINE_LABELS,
  WORK_ORDER_STATUS_LABELS,
  type WorkOrderStatus,
} from '@contracts/work-order-texts';
import type { TimeToLine } from '@contracts/work-orders';
import { Badge, type BadgeTone } from '@/components/ui/badge';

/** Work order states share colours on the staff's Recon area and the dealer's dashboard. */
export const WORK_ORDER_STATUS_TONE: Record<WorkOrderStatus, BadgeTone> = {
  to_do: 'gray',
  in_progress: 'blue',
  done: 'green',
  cancelled: 'gray',
};

export const WorkOrderStatusBadge = ({ status }: { status: WorkOrderStatus }) => (
  <Badge tone={WORK_ORDER_STATUS_TONE[status]}>{WORK_ORDER_STATUS_LABELS[status]}</Badge>
);

/** "3 of 7 tasks done" with a bar read out as a progress bar. */
export function WorkOrderProgress({ done, total, label }: { done: number; total: number; label: string }) {
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={progressText(done, total)}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-slate-700">{progressText(done, total)}</p>
    </div>
  );
}

/** "Dec 6, 2026" for a YYYY-MM-DD day, the day itself whatever the viewer's zone (contracts/dates.ts). */
export { formatDay };

/** Sale → ready → picked up or delivered, the steps that happened. */
export function TimeToLineList({ timeToLine }: { timeToLine: TimeToLine }) {
  const rows = [
    [TIME_TO_LINE_LABELS.saleToReady, timeToLine.saleToReadyMinutes],
    [TIME_TO_LINE_LABELS.readyToRelease, timeToLine.readyToReleaseMinutes],
    [TIME_TO_LINE_LABELS.saleToRelease, timeToLine.saleToReleaseMinutes],
  ] as const;
  const shown = rows.filter(([, minutes]) => minutes !== null);
  if (shown.length === 0) return null;
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {shown.map(([label, minutes]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium text-slate-900 tabular-nums">{formatDuration(minutes!)}</dd>
        </div>
      ))}
    </dl>
  );
}
