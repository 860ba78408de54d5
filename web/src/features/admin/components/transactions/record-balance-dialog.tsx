import type { AdminTransaction } from '@contracts/transactions';
import { lazy, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { amountLeft, formatAmount } from '@/lib/display/sale-state';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { SALE_STEP_LABELS as L } from '../../admin-texts';

/** The dialog's form, loaded as the button is pointed at, focused or pressed. */
const loadForm = () => import('./record-balance-form');
const RecordBalanceForm = lazy(loadForm);

/**
 * "Mark paid" (issue #27): records the remaining balance as a payment, with how and when it was
 * paid; the button states the amount, so the admin confirms exactly what the ledger will get. The
 * form (record-balance-form.tsx) is made when the dialog opens and its code is not the list's: each
 * unpaid row made it (its form state, schema, the date limits in the sale's zone) on the list's first
 * render (issue #47).
 */
export function RecordBalanceDialog({ transaction: t }: { transaction: AdminTransaction }) {
  const [open, setOpen] = useState(false);
  const owed = formatAmount(amountLeft(t));
  const name = vehicleTitle(t.vehicle);
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      preload={() => void loadForm()}
      title={L.recordBalance}
      description={`${name}, sold to ${t.dealerName}: ${owed} is left to pay. Recording it marks the sale paid in full.`}
      trigger={
        <Button size="sm" variant="outline" className="h-7 whitespace-nowrap px-2 text-xs font-medium">
          {L.markPaid}
          <span className="sr-only">
            {' '}
            ({owed} left) for {name}, {t.dealerName}
          </span>
        </Button>
      }
    >
      <RecordBalanceForm transaction={t} owed={owed} name={name} onDone={() => setOpen(false)} />
    </Modal>
  );
}
