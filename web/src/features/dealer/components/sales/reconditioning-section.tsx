import { dealerItemAnchor } from '@contracts/dealer-dashboard';
import {
  PHOTO_STAGE_LABELS,
  TASK_STATUS_LABELS,
  type TaskStatus,
  WORK_ORDER_TEXT,
} from '@contracts/work-order-texts';
import type { DealerWorkOrder } from '@contracts/work-orders';
import { Check, Circle, CircleDot, CircleSlash } from 'lucide-react';
import {
  formatDay,
  TimeToLineList,
  WorkOrderProgress,
  WorkOrderStatusBadge,
} from '@/components/recon/work-order-bits';
import { AnchoredItem } from '@/components/ui/anchored-item';
import { PhotoPicture } from '@/components/vehicle/photo-picture';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/display/format';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { useDealerWorkOrdersPage } from '../../api/work-orders';
import { DASHBOARD_SECTIONS } from '../../dashboard-sections';
import { DashboardPagedSection } from '../dashboard/dashboard-paged-section';

const TASK_ICON: Record<TaskStatus, typeof Check> = {
  to_do: Circle,
  in_progress: CircleDot,
  done: Check,
  not_needed: CircleSlash,
};

const anchorOf = (order: DealerWorkOrder) => dealerItemAnchor('workOrder', order.id);

/**
 * Dashboard → Purchases → Reconditioning (issue #31): each car bought with a package, its price and its work
 * as the shop does it — progress, each task's status, after photos, the promised day and
 * time-to-line — read again on every live change of the dealership's work orders. The shop's parts
 * and labour costs are never sent to a dealer (issue #43). The server pages them (20 a page, the
 * earliest promise first, issue #47); the e-mails' links name a work order (`#work-order-7`), read
 * by its id and shown first when it is on another page.
 */
export function ReconditioningSection() {
  return (
    <DashboardPagedSection
      section={DASHBOARD_SECTIONS.reconditioning}
      item="workOrder"
      usePage={useDealerWorkOrdersPage}
      listClassName="mt-4 grid gap-4"
    >
      {(order) => <WorkOrderCard key={order.id} order={order} />}
    </DashboardPagedSection>
  );
}

function WorkOrderCard({ order }: { order: DealerWorkOrder }) {
  const title = vehicleTitle(order.vehicle);
  const afterPhotos = order.tasks.flatMap((t) =>
    t.photos.filter((p) => p.stage === 'after').map((photo) => ({ photo, task: t.title })),
  );
  return (
    <AnchoredItem
      anchor={anchorOf(order)}
      aria-labelledby={`${anchorOf(order)}-title`}
      className="grid min-w-0 gap-3 rounded-xl p-4 ring-1 ring-slate-200"
      data-testid="dealer-work-order"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${anchorOf(order)}-title`} className="font-semibold break-words text-slate-900">
            {title}
          </h3>
          <p className="text-sm text-slate-600">
            {order.packageName} ·{' '}
            <span data-testid="dealer-work-order-price">{formatMoney(order.packagePrice)}</span> · Transaction
            #{order.transactionId}
          </p>
        </div>
        <WorkOrderStatusBadge status={order.status} />
      </div>
      <WorkOrderProgress done={order.done} total={order.total} label={`Reconditioning of ${title}`} />
      <p className={cn('text-sm', order.overdue ? 'font-semibold text-red-700' : 'text-slate-700')}>
        {order.overdue ? WORK_ORDER_TEXT.overdue : WORK_ORDER_TEXT.promised} {formatDay(order.promisedOn)}
      </p>
      <TimeToLineList timeToLine={order.timeToLine} />
      <details className="rounded-lg bg-slate-50 p-3">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">Tasks ({order.total})</summary>
        <ul className="mt-2 grid gap-1.5">
          {order.tasks.map((task) => {
            const Icon = TASK_ICON[task.status];
            return (
              <li key={task.id} className="flex gap-2 text-sm">
                <Icon
                  aria-hidden="true"
                  className={cn(
                    'mt-0.5 h-4 w-4 shrink-0',
                    task.status === 'done' ? 'text-emerald-700' : 'text-slate-500',
                  )}
                />
                <span className="min-w-0 break-words text-slate-800">
                  {task.title}{' '}
                  <span className="text-slate-600">
                    — {TASK_STATUS_LABELS[task.status]}
                    {task.notNeededReason ? ` (${task.notNeededReason})` : ''}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      </details>
      {afterPhotos.length > 0 ? (
        <div>
          <h4 className="text-sm font-medium text-slate-800">
            {WORK_ORDER_TEXT.afterPhotos} ({afterPhotos.length})
          </h4>
          <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
            {afterPhotos.map(({ photo, task }) => (
              <li key={photo.id} className="overflow-hidden rounded-lg">
                <PhotoPicture
                  photo={photo}
                  alt={`${PHOTO_STAGE_LABELS.after}: ${task}`}
                  sizes="160px"
                  className="aspect-[4/3]"
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </AnchoredItem>
  );
}
