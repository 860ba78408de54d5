import { type ConfirmDeliveryBody, confirmDeliveryBodySchema, DELIVERY_TEXT } from '@contracts/delivery';
import { ImagePlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { FilePickButton } from '@/components/media/file-pick-button';
import { PhotoTileList } from '@/components/media/photo-tile-list';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/fields';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { bindFields } from '@/lib/form-binding';
import { fileTotals } from '@/lib/uploads/file-state';
import { photosLeft, totalsLabel } from '@/lib/uploads/photo-queue';
import { type PhotoUploads, usePhotoUploads } from '@/lib/uploads/use-photo-uploads';
import { plainFieldErrors, zodResolver } from '@/lib/zod';
import { useConfirmDelivery } from '../../api/delivery-api';
import { SendingDialog } from './sending-dialog';

const MAX_PHOTOS = 12;

/**
 * "Confirm delivery" once the carrier has the car (docs/design.md §15): the odometer at arrival
 * (required) and photos, uploading while the dealer types (the claim dialog's queue, photos only:
 * the confirmation names no video). The guarantee starts at delivery.
 */
export function ConfirmDeliveryDialog({
  transactionId,
  vehicle,
}: {
  transactionId: number;
  vehicle: string;
}) {
  const [open, setOpen] = useState(false);
  const confirm = useConfirmDelivery();
  const photos = usePhotoUploads({ max: MAX_PHOTOS });
  const totals = fileTotals(photos.items);
  const form = useForm<ConfirmDeliveryBody>({
    resolver: zodResolver(confirmDeliveryBodySchema, plainFieldErrors) as Resolver<ConfirmDeliveryBody>,
  });
  const [blocked, setBlocked] = useState<string | null>(null);
  const field = bindFields(form);
  const onSubmit = form.handleSubmit((values) => {
    if (totals.pending > 0) return;
    if (totals.failed > 0)
      return setBlocked('A photo did not upload: retry it or remove it, then confirm the delivery.');
    setBlocked(null);
    const photoIds = photos.items.flatMap((p) =>
      p.status === 'ready' && p.photoId !== null ? [p.photoId] : [],
    );
    // Through the promise, not mutate()'s callbacks: those are dropped once this dialog unmounts,
    // and it does as soon as the refreshed sales show the confirmation (no "Confirm delivery" any
    // more), which may come before the last of the refetches the mutation waits for.
    confirm.mutateAsync({ id: transactionId, body: { ...values, photoIds } }).then(
      (sale) => {
        // Held for an admin when the odometer differs from the bill of sale (issue #44): say so.
        const held = sale.deliveryConfirmation?.held ? DELIVERY_TEXT.confirmationHeld : null;
        toast({
          title: DELIVERY_TEXT.deliveryConfirmed,
          description: held ? `${vehicle}. ${held}` : vehicle,
        });
        setOpen(false);
        form.reset();
        photos.clear();
      },
      // A refusal is shown in the dialog from the mutation's state.
      () => {},
    );
  });
  const waiting =
    totals.pending > 0 ? `Waiting for ${totals.pending} upload${totals.pending === 1 ? '' : 's'}…` : null;
  const problem = blocked ?? confirm.error?.message ?? null;
  return (
    <SendingDialog
      open={open}
      setOpen={setOpen}
      onClosed={() => {
        confirm.reset();
        setBlocked(null);
      }}
      title="Confirm delivery"
      description={`The ${vehicle} arrived: its odometer and photos at arrival. The guarantee starts now.`}
      trigger={
        <Button size="sm" className="h-11 sm:h-9">
          Confirm delivery
        </Button>
      }
      onSubmit={onSubmit}
      problem={problem}
      pending={confirm.isPending}
      waitLabel={waiting}
      submitLabel="Confirm delivery"
      submitSize="lg"
    >
      <FormField
        label="Odometer at arrival (miles)"
        inputMode="numeric"
        autoComplete="off"
        {...field('odometer', {
          setValueAs: (v: string) => (v.trim() === '' ? undefined : Number(v.replace(/[,\s]/g, ''))),
        })}
      />
      <DeliveryPhotos photos={photos} />
      <TextAreaField label="Note (optional)" rows={3} maxLength={1000} {...field('note')} />
    </SendingDialog>
  );
}

function DeliveryPhotos({ photos }: { photos: PhotoUploads }) {
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const totals = fileTotals(photos.items);
  const status = totals.count > 0 ? totalsLabel(totals) : '';
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="text-sm font-medium text-slate-800">Photos at arrival (optional)</legend>
      <p id={hintId} className="-mt-1 text-sm text-slate-600">
        Up to {MAX_PHOTOS} photos, from the camera or the gallery. They upload while you type.
      </p>
      <FilePickButton
        icon={ImagePlus}
        label="Add photos"
        multiple
        disabled={photosLeft(photos.items, MAX_PHOTOS) === 0}
        describedBy={hintId}
        inputRef={input}
        onFiles={(files) => photos.add(files, 'extra')}
      />
      <p role="status" className={cn('text-sm tabular-nums text-slate-700', !status && 'sr-only')}>
        {status}
      </p>
      <PhotoTileList
        photos={photos}
        label="Photos at arrival"
        onRemoved={() => setTimeout(() => input.current?.focus(), 0)}
      />
    </fieldset>
  );
}
