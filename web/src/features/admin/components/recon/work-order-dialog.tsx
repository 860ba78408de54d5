import { decimalToCents, formatAmount, formatCents } from '@contracts/money';
import {
  PHOTO_STAGE_LABELS,
  TASK_SOURCE_LABELS,
  TASK_STATUS_LABELS,
  type TaskStatus,
  WORK_ORDER_TEXT,
} from '@contracts/work-order-texts';
import type { WorkOrder, WorkOrderTask } from '@contracts/work-orders';
import {
  formatDay,
  TimeToLineList,
  WorkOrderProgress,
  WorkOrderStatusBadge,
} from '@/components/recon/work-order-bits';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Modal } from '@/components/ui/modal';
import { PhotoPicture } from '@/components/vehicle/photo-picture';
import { cn } from '@/lib/cn';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { RECON_ADMIN_LABELS as L } from '../../admin-texts';
import { costAgainstPrice, packagePrice } from './recon-format';

const TASK_TONE: Record<TaskStatus, BadgeTone> = {
  to_do: 'gray',
  in_progress: 'blue',
  done: 'green',
  not_needed: 'yellow',
};

/**
 * One work order, read-only (the shop works it in the staff's Recon area): progress, promised day,
 * costs against the package price, time-to-line, and each task with its costs, notes and photos.
 * Its trigger is the car's name on the board; the order comes from the board, so it follows live.
 */
export function WorkOrderDialog({ order }: { order: WorkOrder }) {
  const title = vehicleTitle(order.vehicle);
  const { over } = costAgainstPrice(order);
  return (
    <Modal
      title={title}
      description={`Work order #${order.id} · ${order.dealerName} · VIN ${order.vehicle.vin}`}
      className="max-w-2xl"
      trigger={
        <button
          type="button"
          className="text-left font-semibold break-words text-brand-700 underline-offset-2 hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          {title}
          <span className="sr-only">: open work order #{order.id}</span>
        </button>
      }
    >
      <div className="grid min-w-0 gap-4">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <WorkOrderStatusBadge status={order.status} />
          <span>
            {order.packageName} · {packagePrice(order.packagePrice)} · Transaction #{order.transactionId}
          </span>
        </div>
        <WorkOrderProgress done={order.done} total={order.total} label={`Reconditioning of ${title}`} />
        <p className={cn('text-sm', order.overdue ? 'font-semibold text-red-700' : 'text-slate-700')}>
          {order.overdue
            ? `${L.overdue}: ${WORK_ORDER_TEXT.promised.toLowerCase()}`
            : WORK_ORDER_TEXT.promised}{' '}
          {formatDay(order.promisedOn)}
        </p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          {(
            [
              [WORK_ORDER_TEXT.partsCost, formatAmount(order.partsCost)],
              [WORK_ORDER_TEXT.labourCost, formatAmount(order.labourCost)],
              [WORK_ORDER_TEXT.costs, formatAmount(order.totalCost)],
              ['Package price', formatAmount(order.packagePrice)],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {over > 0 ? (
          <p className="text-sm font-semibold text-red-700">
            {L.overPrice} by {formatCents(over)}
          </p>
        ) : null}
        <TimeToLineList timeToLine={order.timeToLine} />
        <section aria-label="Tasks" className="grid gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Tasks ({order.total})</h3>
          {order.tasks.length === 0 ? (
            <p className="text-sm text-slate-600">{WORK_ORDER_TEXT.noTasks}</p>
          ) : (
            <ol className="grid gap-2">
              {order.tasks.map((task) => (
                <TaskItem key={task.id} task={task} />
              ))}
            </ol>
          )}
        </section>
      </div>
    </Modal>
  );
}

function TaskItem({ task }: { task: WorkOrderTask }) {
  const costs = decimalToCents(task.partsCost) + decimalToCents(task.labourCost);
  return (
    <li className="grid min-w-0 gap-1.5 rounded-lg border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{task.title}</p>
          <p className="text-xs text-slate-600">{TASK_SOURCE_LABELS[task.source]}</p>
        </div>
        <Badge tone={TASK_TONE[task.status]}>{TASK_STATUS_LABELS[task.status]}</Badge>
      </div>
      {task.notNeededReason ? (
        <p className="break-words text-slate-700">
          {TASK_STATUS_LABELS.not_needed}: {task.notNeededReason}
        </p>
      ) : null}
      {costs > 0 ? (
        <p className="text-slate-700 tabular-nums">
          {WORK_ORDER_TEXT.partsCost} {formatAmount(task.partsCost)} · {WORK_ORDER_TEXT.labourCost}{' '}
          {formatAmount(task.labourCost)}
        </p>
      ) : null}
      {task.notes ? (
        <p className="break-words whitespace-pre-line text-slate-700">
          {WORK_ORDER_TEXT.notes}: {task.notes}
        </p>
      ) : null}
      {task.photos.length > 0 ? (
        <ul aria-label={`Photos of ${task.title}`} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {task.photos.map((photo) => (
            <li key={photo.id} className="relative overflow-hidden rounded-md">
              <PhotoPicture
                photo={photo}
                alt={`${PHOTO_STAGE_LABELS[photo.stage]}: ${task.title}`}
                sizes="150px"
                className="aspect-[4/3]"
              />
              <span
                aria-hidden="true"
                className="absolute bottom-1 left-1 rounded bg-slate-900/75 px-1.5 py-0.5 text-xs font-medium text-white"
              >
                {PHOTO_STAGE_LABELS[photo.stage]}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
