import { FLOOR_PLAN_TEXT, type FloorPlanLine, payWithFloorPlanBodySchema } from '@contracts/delivery';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/use-toast';
import { useFloorPlanLines } from '@/lib/buying/delivery-quote';
import { formatAmount } from '@/lib/display/sale-state';
import { bindFields } from '@/lib/form-binding';
import { zodResolver } from '@/lib/zod';
import { usePayWithFloorPlan } from '../../api/delivery-api';

/**
 * "Pay with a floor-plan line" on a sale with a balance and no live request (docs/design.md §15): one of
 * the dealership's lines; the request goes to its lender and its answer shows on the sale.
 */
export function PayWithFloorPlanDialog({
  transactionId,
  vehicle,
  owed,
}: {
  transactionId: number;
  vehicle: string;
  owed: string;
}) {
  const [open, setOpen] = useState(false);
  const lines = useFloorPlanLines(open);
  const pay = usePayWithFloorPlan();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) pay.reset();
      }}
      title="Pay with a floor-plan line"
      description={`${vehicle}: ${formatAmount(owed)} owed. The lender is asked to pay it.`}
      trigger={
        <Button size="sm" variant="outline" className="h-11 sm:h-9">
          <Landmark aria-hidden="true" className="h-4 w-4" />
          Pay with a floor-plan line
        </Button>
      }
    >
      {lines.isPending ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : !lines.data || lines.data.length === 0 ? (
        <p className="text-sm text-slate-700">
          No floor plan line yet: an owner adds one under “{FLOOR_PLAN_TEXT.title}” on this page.
        </p>
      ) : (
        <LineForm
          lines={lines.data}
          sending={pay.isPending}
          error={pay.error?.message}
          submitLabel={`Ask the lender for ${formatAmount(owed)}`}
          onSubmit={(body) =>
            // Through the promise, not mutate()'s callbacks: this dialog unmounts once the refreshed
            // sales show the request, which may come before the last refetch the mutation waits for.
            pay.mutateAsync({ id: transactionId, lineId: body.lineId }).then(
              () => {
                toast({ title: FLOOR_PLAN_TEXT.requested, description: vehicle });
                setOpen(false);
              },
              // A refusal is shown in the dialog from the mutation's state.
              () => {},
            )
          }
        />
      )}
    </Modal>
  );
}

/** The line to ask, on react-hook-form with the contract's body (the select's id text is read as the id). */
function LineForm({
  lines,
  sending,
  error,
  submitLabel,
  onSubmit,
}: {
  lines: FloorPlanLine[];
  sending: boolean;
  error: string | undefined;
  submitLabel: string;
  onSubmit: (body: { lineId: number }) => void;
}) {
  const form = useForm<{ lineId: string | number }, unknown, { lineId: number }>({
    resolver: zodResolver(payWithFloorPlanBodySchema),
    defaultValues: { lineId: String(lines[0]?.id ?? '') },
  });
  const field = bindFields(form);
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((body) => !sending && onSubmit(body))}
    >
      <SelectField label="Floor plan line" {...field('lineId')}>
        {lines.map((line) => (
          <option key={line.id} value={line.id}>
            {line.label}
          </option>
        ))}
      </SelectField>
      <FormAlert message={error} />
      <Button type="submit" size="lg" disabled={sending}>
        {sending ? 'Sending…' : submitLabel}
      </Button>
    </form>
  );
}
