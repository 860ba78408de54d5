import type { AdminTransaction } from '@contracts/transactions';
import { ListChecks } from 'lucide-react';
import { lazy } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatMoney } from '@/lib/display/format';
import { formatDate } from '@/lib/display/time-left';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { SALE_STEP_LABELS as L } from '../../admin-texts';

/**
 * What the dialog holds (transaction-details.tsx: the clocks, the ledger, a form per step, the
 * timeline): its code loads as a Details button is pointed at, focused or pressed, not with the
 * list — a page of rows evaluated every step form's code and schemas before its first paint
 * (issue #47).
 */
const loadDetails = () => import('./transaction-details');
const TransactionDetails = lazy(loadDetails);

/**
 * The life of one sale for the admin (docs/design.md §8), opened from the transaction's row: the
 * Details button and the dialog around TransactionDetails.
 */
export function TransactionDetailsDialog({ transaction: t }: { transaction: AdminTransaction }) {
  const name = vehicleTitle(t.vehicle);
  return (
    <Modal
      title={L.dialogTitle}
      description={`${name} (VIN ${t.vehicle.vin}), sold to ${t.dealerName} on ${formatDate(t.createdAt)} for ${formatMoney(t.amount)}.`}
      className="md:max-w-3xl"
      preload={() => void loadDetails()}
      trigger={
        <Button size="sm" variant="outline">
          <ListChecks aria-hidden="true" className="h-4 w-4" />
          {L.details}
          <span className="sr-only">
            {' '}
            of the sale of {name} to {t.dealerName}
          </span>
        </Button>
      }
    >
      <TransactionDetails transaction={t} />
    </Modal>
  );
}
