import { ADMIN_TEXT } from '@contracts/admin';
import { boughtByText } from '@contracts/team-roles';
import type { AdminTransaction } from '@contracts/transactions';
import { Ban } from 'lucide-react';
import { PaymentStatus, PickupStatus, StageBadge, TitleStatus } from '@/components/sale-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { apiPath } from '@/lib/api/api-client';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/display/format';
import { isOverdue } from '@/lib/display/sale-state';
import { formatDate } from '@/lib/display/time-left';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { ADMIN_LABELS, SALE_STEP_LABELS } from '../../admin-texts';
import { type UpdateTransactionBody, useUpdateTransaction } from '../../api/update-transaction';
import { calendarDaysSince } from '../../days-since';
import { Cell, Row } from '../common/data-table';
import { BillOfSaleLink } from './bill-of-sale-link';
import { BillOfSaleUpload } from './bill-of-sale-upload';
import { RecordBalanceDialog } from './record-balance-dialog';
import { TransactionDetailsDialog } from './transaction-details-dialog';

const TOGGLE = 'h-7 whitespace-nowrap px-2 text-xs font-medium';
const daysAgo = (days: number) => (days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`);

/**
 * One sale: its stage (the one state both sides read: Completed once marked, else where payment
 * and the car stand) with the status toggle, Mark paid, where payment, title and pickup stand (the
 * server's clocks), the bill of sale, Details (the timeline and the steps) and Cancel (final).
 */
export function TransactionRow({ transaction: t, now }: { transaction: AdminTransaction; now: Date }) {
  const update = useUpdateTransaction();
  const name = vehicleTitle(t.vehicle);
  const label = `${name}, ${t.dealerName}`;
  const overdue = isOverdue(t);
  const send = (body: UpdateTransactionBody, done: string) =>
    update.mutate(
      { id: t.id, body },
      {
        onSuccess: () => toast({ title: ADMIN_TEXT.transactionUpdated, description: done }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: ADMIN_TEXT.transactionUpdateFailed,
            description: error.message,
          }),
      },
    );

  return (
    <Row
      data-testid={`transaction-${t.id}`}
      data-overdue={overdue || undefined}
      className={cn(t.cancelled && 'text-slate-500', overdue && 'bg-amber-50 max-md:border-amber-300')}
    >
      <Cell label="Sold">
        <span className="whitespace-nowrap">
          {formatDate(t.createdAt)}
          <span className="block text-xs text-slate-500">{daysAgo(calendarDaysSince(t.createdAt, now))}</span>
        </span>
      </Cell>
      <Cell phone="heading">
        <span className="min-w-0">
          <span className={cn('block font-medium', t.cancelled ? 'text-slate-600' : 'text-slate-900')}>
            {name}
          </span>
          <span className="block font-mono text-xs text-slate-500">{t.vehicle.vin}</span>
        </span>
      </Cell>
      <Cell label="Dealer">
        {t.dealerName}
        {t.boughtBy ? <span className="block text-xs text-slate-600">{boughtByText(t.boughtBy)}</span> : null}
      </Cell>
      <Cell label="Amount" className="font-semibold tabular-nums">
        {formatMoney(t.amount)}
      </Cell>
      <Cell label="Status">
        {t.cancelled ? (
          <span className="grid max-w-56 justify-items-end gap-1 md:justify-items-start">
            <Badge tone="red">{ADMIN_LABELS.cancelled}</Badge>
            <span className="text-xs">{ADMIN_LABELS.relistedNote}</span>
          </span>
        ) : (
          <span className="flex flex-wrap items-center justify-end gap-2 md:grid md:justify-start md:justify-items-start md:gap-1">
            {/* One derived state (issue #44): the stage reads Completed once marked, as the dealer's card does. */}
            <StageBadge sale={t} />
            <Button
              size="sm"
              variant="outline"
              className={TOGGLE}
              disabled={update.isPending}
              onClick={() => {
                const next = t.status === 'completed' ? 'pending' : 'completed';
                send({ status: next }, `${label}: marked ${next}.`);
              }}
            >
              {t.status === 'completed' ? 'Mark pending' : 'Mark completed'}
            </Button>
          </span>
        )}
      </Cell>
      <Cell label="Payment">
        <span className="flex flex-wrap items-center justify-end gap-2 md:grid md:justify-start md:justify-items-start md:gap-1">
          {!t.cancelled && !t.paidInFull ? <RecordBalanceDialog transaction={t} /> : null}
          <span className="basis-full text-xs text-slate-700">
            <PaymentStatus sale={t} />
          </span>
        </span>
      </Cell>
      <Cell label="Title & pickup">
        <span className="grid gap-1.5 text-xs text-slate-700">
          <span>
            <TitleStatus sale={t} />
          </span>
          <span>
            <PickupStatus sale={t} />
          </span>
        </span>
      </Cell>
      <Cell label="Bill of sale">
        <span className="flex flex-wrap items-center justify-end gap-2 md:justify-start">
          {t.billOfSale ? (
            <BillOfSaleLink href={t.billOfSale}>
              View<span className="sr-only"> bill of sale for {label}</span>
            </BillOfSaleLink>
          ) : (
            // No signed copy: the server generates one from the sale on each download.
            <BillOfSaleLink href={apiPath('downloadBillOfSale', { id: t.id })}>
              {SALE_STEP_LABELS.generatedBill}
              <span className="sr-only"> bill of sale for {label} (no signed copy uploaded)</span>
            </BillOfSaleLink>
          )}
          {t.cancelled ? null : (
            <BillOfSaleUpload transactionId={t.id} hasBill={!!t.billOfSale} label={label} />
          )}
        </span>
      </Cell>
      <Cell className="max-md:justify-end max-md:pt-2 md:text-right">
        {t.cancelled ? (
          <span className="flex flex-wrap justify-end gap-2">
            <TransactionDetailsDialog transaction={t} />
            <span className="sr-only">No actions: cancelled</span>
          </span>
        ) : (
          <span className="flex flex-wrap justify-end gap-2">
            <TransactionDetailsDialog transaction={t} />
            <ConfirmDialog
              title="Cancel this sale?"
              description={`The sale of ${name} to ${t.dealerName} for ${formatMoney(t.amount)} will be cancelled and the vehicle listed for sale again. A cancelled transaction cannot be changed.`}
              confirmLabel="Cancel Sale"
              cancelLabel="Keep Sale"
              destructive
              onConfirm={() => send({ cancelled: true }, `${label}: sale cancelled, vehicle re-listed.`)}
              trigger={
                <Button size="sm" variant="outline" disabled={update.isPending} className="text-red-700">
                  <Ban aria-hidden="true" className="h-4 w-4" />
                  Cancel
                </Button>
              }
            />
          </span>
        )}
      </Cell>
    </Row>
  );
}
