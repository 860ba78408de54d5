import { FLOOR_PLAN_TEXT } from '@contracts/delivery';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/use-toast';
import { useFloorPlanLines } from '@/lib/buying/delivery-quote';
import { formatAmount } from '@/lib/display/sale-state';
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
  const [lineId, setLineId] = useState<string>('');
  const pay = usePayWithFloorPlan();
  const chosen = lineId || String(lines.data?.[0]?.id ?? '');
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
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (pay.isPending || !chosen) return;
            pay.mutate(
              { id: transactionId, lineId: Number(chosen) },
              {
                onSuccess: () => {
                  toast({ title: FLOOR_PLAN_TEXT.requested, description: vehicle });
                  setOpen(false);
                },
              },
            );
          }}
        >
          <SelectField
            label="Floor plan line"
            value={chosen}
            onChange={(event) => setLineId(event.target.value)}
          >
            {lines.data.map((line) => (
              <option key={line.id} value={line.id}>
                {line.label}
              </option>
            ))}
          </SelectField>
          <FormAlert message={pay.error?.message} />
          <Button type="submit" size="lg" disabled={pay.isPending}>
            {pay.isPending ? 'Sending…' : `Ask the lender for ${formatAmount(owed)}`}
          </Button>
        </form>
      )}
    </Modal>
  );
}
