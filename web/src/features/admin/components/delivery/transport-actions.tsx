import {
  TRANSPORT_STATUS_LABELS,
  type TransportBoardRow,
  type UpdateTransportOrderBody,
} from '@contracts/delivery';
import { ArrowRight, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextAreaField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/use-toast';
import { formatAmount } from '@/lib/display/sale-state';
import { DELIVERY_ADMIN_LABELS as L } from '../../admin-texts';
import { useUpdateTransportOrder } from '../../api/update-transport-order';
import { isCancellable, localToIso, markLabel, NEXT_TRANSPORT_STATUS } from './delivery-format';

/** Row buttons: 44 px tall on a phone, compact in the desktop table. */
export const ROW_BUTTON = 'whitespace-nowrap max-md:h-11';

interface MoveForm {
  carrierName: string;
  eta: string;
  note: string;
}

/**
 * A team-arranged transport's next status (carrier assigned → picked up → in transit → delivered),
 * with the carrier's name, an ETA and a note when the team has them. The server's refusal (a
 * status the order has already passed, one still waiting for release) is shown in the dialog.
 */
export function MoveTransportDialog({ row }: { row: TransportBoardRow }) {
  const next = NEXT_TRANSPORT_STATUS[row.status];
  const [open, setOpen] = useState(false);
  const update = useUpdateTransportOrder();
  const defaults = { carrierName: row.carrierName ?? '', eta: '', note: '' };
  const form = useForm<MoveForm>({ defaultValues: defaults });
  if (row.arrangedBy !== 'team' || !next) return null;
  const label = markLabel(next);
  const onSubmit = form.handleSubmit((values) => {
    const eta = next === 'delivered' ? undefined : localToIso(values.eta);
    const body: UpdateTransportOrderBody = {
      status: next,
      ...(values.carrierName.trim() ? { carrierName: values.carrierName.trim() } : {}),
      ...(eta ? { eta } : {}),
      ...(values.note.trim() ? { note: values.note.trim() } : {}),
    };
    update.mutate(
      { id: row.orderId, body },
      {
        onSuccess: (saved) => {
          toast({
            title: L.statusSaved,
            description: `${saved.vehicle}: ${TRANSPORT_STATUS_LABELS[saved.status]}`,
          });
          setOpen(false);
        },
      },
    );
  });
  return (
    <Modal
      open={open}
      onOpenChange={(nextOpen) => {
        setOpen(nextOpen);
        if (nextOpen) form.reset(defaults);
        else update.reset();
      }}
      title={label}
      description={`${row.vehicle} · ${row.route} · ${row.dealerName}`}
      trigger={
        <Button size="sm" className={ROW_BUTTON} aria-label={`${label}: ${row.vehicle}`}>
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
          {label}
        </Button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField
          label={L.carrierName}
          maxLength={120}
          autoComplete="off"
          {...form.register('carrierName')}
        />
        {next === 'delivered' ? null : (
          <FormField label={L.etaField} type="datetime-local" {...form.register('eta')} />
        )}
        <TextAreaField label={L.note} rows={2} maxLength={500} {...form.register('note')} />
        <FormAlert message={update.error?.message} />
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? L.saving : label}
        </Button>
      </form>
    </Modal>
  );
}

/** Cancel a transport the carrier has not picked up yet, asked first: its charge comes off the sale. */
export function CancelTransportButton({ row }: { row: TransportBoardRow }) {
  const update = useUpdateTransportOrder();
  if (!isCancellable(row.status)) return null;
  const cancel = () =>
    update.mutate(
      { id: row.orderId, body: { status: 'cancelled' } },
      {
        onSuccess: () => toast({ title: L.cancelled, description: row.vehicle }),
        onError: (error) =>
          toast({ variant: 'destructive', title: L.cancelTransport, description: error.message }),
      },
    );
  return (
    <ConfirmDialog
      trigger={
        <Button
          size="sm"
          variant="outline"
          className={ROW_BUTTON}
          aria-label={`${L.cancelTransport}: ${row.vehicle}`}
          disabled={update.isPending}
        >
          <XCircle aria-hidden="true" className="h-4 w-4" />
          {L.cancelTransport}
        </Button>
      }
      title={L.cancelTitle(row.vehicle)}
      description={L.cancelText(formatAmount(row.price))}
      confirmLabel={L.cancelConfirm}
      destructive
      onConfirm={cancel}
    />
  );
}
