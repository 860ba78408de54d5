import { WORK_ORDER_TEXT } from '@contracts/work-order-texts';
import { type AddTaskBody, addTaskBodySchema } from '@contracts/work-orders';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  formatDay,
  TimeToLineList,
  WorkOrderProgress,
  WorkOrderStatusBadge,
} from '@/components/recon/work-order-bits';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Loading } from '@/components/ui/placeholders';
import { LoadFailed } from '@/components/ui/query-states';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { bindFields } from '@/lib/form-binding';
import { zodResolver } from '@/lib/zod';
import { useAddTask, useWorkOrder } from '../api/work-orders';
import { TaskCard } from './task-card';

/** One work order: the car, its promise, progress and costs, and each task to work. */
export function WorkOrderDetail({ id }: { id: number }) {
  const order = useWorkOrder(id);
  if (order.isPending) return <Loading label="Loading work order…" className="h-48" />;
  if (order.isError)
    return <LoadFailed read={order} failed={WORK_ORDER_TEXT.loadOneFailed} retry={WORK_ORDER_TEXT.retry} />;
  const o = order.data;
  const isLocked = o.status === 'done' || o.status === 'cancelled';
  const title = vehicleTitle(o.vehicle);
  return (
    <section aria-labelledby="work-order-title" className="grid gap-4">
      <div className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id="work-order-title" className="text-xl font-semibold break-words text-slate-900">
            {title}
          </h2>
          <WorkOrderStatusBadge status={o.status} />
        </div>
        <p className="text-sm break-all text-slate-600">
          {o.packageName} · {o.dealerName} · VIN {o.vehicle.vin}
        </p>
        <p className={cn('text-sm', o.overdue ? 'font-semibold text-red-700' : 'text-slate-700')}>
          {o.overdue ? WORK_ORDER_TEXT.overdue : WORK_ORDER_TEXT.promised} {formatDay(o.promisedOn)}
        </p>
        <WorkOrderProgress done={o.done} total={o.total} label={`Progress of ${title}`} />
        <p className="text-sm text-slate-700">
          {WORK_ORDER_TEXT.costs}: <span className="font-medium tabular-nums">${o.totalCost}</span> (
          {WORK_ORDER_TEXT.partsCost} ${o.partsCost}, {WORK_ORDER_TEXT.labourCost} ${o.labourCost}) ·{' '}
          {o.packageName} ${o.packagePrice}
        </p>
        <TimeToLineList timeToLine={o.timeToLine} />
      </div>
      {o.tasks.length === 0 ? <p className="text-sm text-slate-700">{WORK_ORDER_TEXT.noTasks}</p> : null}
      <ul className="grid gap-3" aria-label="Tasks">
        {o.tasks.map((task) => (
          <TaskCard key={task.id} orderId={o.id} task={task} isLocked={isLocked} />
        ))}
      </ul>
      {isLocked ? null : <AddTaskForm orderId={o.id} />}
    </section>
  );
}

function AddTaskForm({ orderId }: { orderId: number }) {
  const add = useAddTask(orderId);
  const form = useForm<AddTaskBody>({
    resolver: zodResolver(addTaskBodySchema),
    defaultValues: { title: '' },
  });
  const field = bindFields(form);
  const onSubmit = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: () => form.reset({ title: '' }),
      onError: (error) => toast({ variant: 'destructive', title: 'Not added', description: error.message }),
    }),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-2 rounded-xl border border-dashed border-slate-300 p-4"
    >
      <FormField label={WORK_ORDER_TEXT.addTaskLabel} {...field('title')} />
      <Button size="lg" variant="outline" type="submit" disabled={add.isPending}>
        <Plus aria-hidden="true" className="h-5 w-5" />
        {WORK_ORDER_TEXT.addTask}
      </Button>
    </form>
  );
}
