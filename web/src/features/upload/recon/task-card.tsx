import {
  PHOTO_STAGE_LABELS,
  type PhotoStage,
  TASK_SOURCE_LABELS,
  TASK_STATUS_LABELS,
  type TaskStatus,
  WORK_ORDER_TEXT,
} from '@contracts/work-order-texts';
import {
  type NotNeededForm,
  notNeededFormSchema,
  type TaskCostsForm,
  taskCostsFormSchema,
  type WorkOrderTask,
} from '@contracts/work-orders';
import { Camera, Check, CircleSlash, type LucideIcon, Play, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FilePickButton } from '@/components/media/file-pick-button';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/fields';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { PhotoPicture } from '@/components/vehicle/photo-picture';
import { bindFields } from '@/lib/form-binding';
import { downscalePhoto } from '@/lib/uploads/downscale-photo';
import { uploadPhoto } from '@/lib/uploads/photo-upload';
import { zodResolver } from '@/lib/zod';
import { useAttachTaskPhotos, useUpdateTask } from '../api/work-orders';

const TASK_TONE: Record<TaskStatus, BadgeTone> = {
  to_do: 'gray',
  in_progress: 'blue',
  done: 'green',
  not_needed: 'yellow',
};

const failed = (error: Error) =>
  toast({ variant: 'destructive', title: 'Not saved', description: error.message });

/** A task of a work order, and whether the order is closed to changes. */
interface TaskProps {
  orderId: number;
  task: WorkOrderTask;
  isLocked: boolean;
}

/**
 * One task as the shop works it on a phone: big Start / Done / Not needed buttons (not needed asks
 * why), costs and notes, and before/after photos straight from the camera.
 */
export function TaskCard({ orderId, task, isLocked }: TaskProps) {
  const update = useUpdateTask(orderId);
  const [askingReason, setAskingReason] = useState(false);
  const setStatus = (status: TaskStatus) =>
    update.mutate({ taskId: task.id, body: { status } }, { onError: failed });
  const headingId = `task-${task.id}-title`;
  const busy = update.isPending;
  return (
    <li aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words text-slate-900">
            {task.title}
          </h3>
          <p className="text-xs text-slate-600">{TASK_SOURCE_LABELS[task.source]}</p>
        </div>
        <Badge tone={TASK_TONE[task.status]}>{TASK_STATUS_LABELS[task.status]}</Badge>
      </div>
      {task.status === 'not_needed' && task.notNeededReason ? (
        <p className="text-sm text-slate-700">
          {TASK_STATUS_LABELS.not_needed}: {task.notNeededReason}
        </p>
      ) : null}
      {isLocked ? null : askingReason ? (
        <ReasonForm
          onCancel={() => setAskingReason(false)}
          isPending={update.isPending}
          onSubmit={(reason) =>
            update.mutate(
              { taskId: task.id, body: { status: 'not_needed', notNeededReason: reason } },
              { onSuccess: () => setAskingReason(false), onError: failed },
            )
          }
        />
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {task.status === 'to_do' ? (
            <TaskButton
              icon={Play}
              label={WORK_ORDER_TEXT.start}
              busy={busy}
              onClick={() => setStatus('in_progress')}
            />
          ) : null}
          {task.status === 'to_do' || task.status === 'in_progress' ? (
            <>
              <TaskButton
                primary
                icon={Check}
                label={WORK_ORDER_TEXT.markDone}
                busy={busy}
                onClick={() => setStatus('done')}
              />
              <TaskButton
                icon={CircleSlash}
                label={WORK_ORDER_TEXT.notNeeded}
                busy={busy}
                onClick={() => setAskingReason(true)}
              />
            </>
          ) : (
            <TaskButton
              icon={RotateCcw}
              label={WORK_ORDER_TEXT.reopen}
              busy={busy}
              onClick={() => setStatus('to_do')}
            />
          )}
        </div>
      )}
      <TaskPhotos orderId={orderId} task={task} isLocked={isLocked} />
      {isLocked ? (
        <p className="text-sm text-slate-700">
          {WORK_ORDER_TEXT.partsCost} ${task.partsCost} · {WORK_ORDER_TEXT.labourCost} ${task.labourCost}
          {task.notes ? ` · ${task.notes}` : ''}
        </p>
      ) : (
        <details className="rounded-lg bg-slate-50 p-3">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">
            {WORK_ORDER_TEXT.partsCost} ${task.partsCost} · {WORK_ORDER_TEXT.labourCost} ${task.labourCost}
            {task.notes ? ` · ${WORK_ORDER_TEXT.notes}` : ''}
          </summary>
          <CostsForm orderId={orderId} task={task} />
        </details>
      )}
    </li>
  );
}

/** One of a task's big status buttons (Start, Done, Not needed, Reopen); all wait while a change is saved. */
function TaskButton({
  icon: Icon,
  label,
  busy,
  onClick,
  primary = false,
}: {
  icon: LucideIcon;
  label: string;
  busy: boolean;
  onClick: () => void;
  primary?: boolean;
}) {
  return (
    <Button size="lg" variant={primary ? 'primary' : 'outline'} disabled={busy} onClick={onClick}>
      <Icon aria-hidden="true" className="h-5 w-5" />
      {label}
    </Button>
  );
}

function ReasonForm({
  onSubmit,
  onCancel,
  isPending,
}: {
  onSubmit: (reason: string) => void;
  onCancel: () => void;
  isPending: boolean;
}) {
  const form = useForm<NotNeededForm>({
    resolver: zodResolver(notNeededFormSchema),
    defaultValues: { reason: '' },
  });
  const field = bindFields(form);
  return (
    <form
      className="grid gap-2"
      onSubmit={form.handleSubmit(({ reason }) => onSubmit(reason.trim()))}
      noValidate
    >
      <FormField label={WORK_ORDER_TEXT.reasonLabel} autoFocus {...field('reason')} />
      <div className="grid grid-cols-2 gap-2">
        <Button size="lg" type="submit" disabled={isPending}>
          {WORK_ORDER_TEXT.confirmNotNeeded}
        </Button>
        <Button size="lg" variant="outline" onClick={onCancel}>
          {WORK_ORDER_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

function CostsForm({ orderId, task }: { orderId: number; task: WorkOrderTask }) {
  const update = useUpdateTask(orderId);
  const form = useForm<TaskCostsForm, unknown, { partsCost: string; labourCost: string; notes: string }>({
    resolver: zodResolver(taskCostsFormSchema),
    defaultValues: { partsCost: task.partsCost, labourCost: task.labourCost, notes: task.notes },
  });
  const field = bindFields(form);
  const onSubmit = form.handleSubmit((body) =>
    update.mutate(
      { taskId: task.id, body },
      { onSuccess: () => toast({ title: WORK_ORDER_TEXT.saved, description: task.title }), onError: failed },
    ),
  );
  return (
    <form className="mt-3 grid gap-3" onSubmit={onSubmit} noValidate>
      <div className="grid grid-cols-2 gap-2">
        <FormField label={WORK_ORDER_TEXT.partsCost} inputMode="decimal" {...field('partsCost')} />
        <FormField label={WORK_ORDER_TEXT.labourCost} inputMode="decimal" {...field('labourCost')} />
      </div>
      <TextAreaField label={WORK_ORDER_TEXT.notes} {...field('notes')} />
      <Button size="lg" type="submit" disabled={update.isPending}>
        {WORK_ORDER_TEXT.save}
      </Button>
    </form>
  );
}

/** The task's photos, and the camera for a before or an after one (uploaded by tus, then attached). */
function TaskPhotos({ orderId, task, isLocked }: TaskProps) {
  const attach = useAttachTaskPhotos(orderId);
  const [uploading, setUploading] = useState<PhotoStage | null>(null);
  const take = async (stage: PhotoStage, files: File[]) => {
    setUploading(stage);
    try {
      const ids: number[] = [];
      for (const file of files) ids.push((await uploadPhoto(await downscalePhoto(file))).id);
      await attach.mutateAsync({ taskId: task.id, body: { stage, photoIds: ids } });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: WORK_ORDER_TEXT.photoFailed,
        description: (error as Error).message,
      });
    } finally {
      setUploading(null);
    }
  };
  return (
    <div className="grid gap-2">
      {task.photos.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2" aria-label={`Photos of ${task.title}`}>
          {task.photos.map((photo) => (
            <li key={photo.id} className="relative overflow-hidden rounded-lg">
              <PhotoPicture
                photo={photo}
                alt={`${PHOTO_STAGE_LABELS[photo.stage]}: ${task.title}`}
                sizes="120px"
                className="aspect-[4/3]"
              />
              <span className="absolute bottom-1 left-1 rounded bg-slate-900/80 px-1.5 text-xs font-medium text-white">
                {PHOTO_STAGE_LABELS[photo.stage]}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {isLocked ? null : (
        <div className="grid grid-cols-2 gap-2">
          {(['before', 'after'] as const).map((stage) => (
            <FilePickButton
              key={stage}
              icon={Camera}
              label={stage === 'before' ? WORK_ORDER_TEXT.beforePhoto : WORK_ORDER_TEXT.afterPhoto}
              capture
              disabled={uploading !== null}
              onFiles={(files) => void take(stage, files)}
            />
          ))}
        </div>
      )}
      <p aria-live="polite" className="text-sm text-slate-600">
        {uploading ? WORK_ORDER_TEXT.photoUploading : ''}
      </p>
    </div>
  );
}
