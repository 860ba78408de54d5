import { ADMIN_TEXT } from '@contracts/admin';
import { dateInZone } from '@contracts/business-days';
import { type AdminTransaction, type BalancePayment, balancePaymentSchema } from '@contracts/transactions';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/use-toast';
import { amountLeft, formatAmount, todayIn } from '@/lib/display/sale-state';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { bindFields } from '@/lib/form-binding';
import { plainFieldErrors, zodResolver } from '@/lib/zod';
import { SALE_STEP_LABELS as L } from '../../admin-texts';
import { useUpdateTransaction } from '../../api/update-transaction';
import { HowPaidFields } from './how-paid-fields';

/**
 * "Mark paid" (issue #27): records the remaining balance as a payment, with how and when it was
 * paid; the button states the amount, so the admin confirms exactly what the ledger will get. The
 * form is made when the dialog opens, not with each unpaid row of the list (its form state, date
 * limits in the sale's zone: a page of rows did that work on its first render, issue #47).
 */
export function RecordBalanceDialog({ transaction: t }: { transaction: AdminTransaction }) {
  const [open, setOpen] = useState(false);
  const owed = formatAmount(amountLeft(t));
  const name = vehicleTitle(t.vehicle);
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
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

/** The dialog's form: the amount left, how and when it was paid, the server's refusal. */
function RecordBalanceForm({
  transaction: t,
  owed,
  name,
  onDone,
}: {
  transaction: AdminTransaction;
  owed: string;
  name: string;
  onDone: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateTransaction();
  const form = useForm<BalancePayment>({
    resolver: zodResolver(balancePaymentSchema, plainFieldErrors),
    defaultValues: { method: 'ach', reference: '', receivedOn: todayIn(t.terms.timeZone) },
  });
  const field = bindFields(form);
  const onSubmit = form.handleSubmit((payment) => {
    setFailure(null);
    update.mutate(
      { id: t.id, body: { isPaid: true, payment } },
      {
        onSuccess: () => {
          onDone();
          toast({
            title: ADMIN_TEXT.transactionUpdated,
            description: `${name}, ${t.dealerName}: payment of ${owed} recorded, paid in full.`,
          });
        },
        onError: (error) => setFailure(error.message),
      },
    );
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3">
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
        Amount <span className="text-lg font-semibold tabular-nums">{owed}</span>
      </p>
      <HowPaidFields
        method={field('method')}
        reference={field('reference')}
        date={field('receivedOn')}
        dateLabel={L.receivedOn}
        dates={{ min: dateInZone(new Date(t.createdAt), t.terms.timeZone), max: todayIn(t.terms.timeZone) }}
      />
      {failure ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
      <Button type="submit" disabled={update.isPending}>
        {L.confirmBalance(owed)}
      </Button>
    </form>
  );
}
