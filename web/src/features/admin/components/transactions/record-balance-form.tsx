import { ADMIN_TEXT } from '@contracts/admin';
import { dateInZone } from '@contracts/business-days';
import { type AdminTransaction, type BalancePayment, balancePaymentSchema } from '@contracts/transactions';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { todayIn } from '@/lib/display/sale-state';
import { bindFields } from '@/lib/form-binding';
import { plainFieldErrors, zodResolver } from '@/lib/zod';
import { SALE_STEP_LABELS as L } from '../../admin-texts';
import { useUpdateTransaction } from '../../api/update-transaction';
import { HowPaidFields } from './how-paid-fields';

/** The dialog's form: the amount left, how and when it was paid, the server's refusal. */
export default function RecordBalanceForm({
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
