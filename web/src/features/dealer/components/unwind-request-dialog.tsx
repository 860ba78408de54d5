import { dealerSaleEventBodySchema } from '@contracts/after-sale';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/fields';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/use-toast';
import { plainFieldErrors, zodResolver } from '@/lib/zod';
import { useRecordDealerSaleEvent } from '../api/dealer-portal';

const unwindSchema = dealerSaleEventBodySchema.options.find(
  (o) => o.shape.type.value === 'unwind_requested',
)!;
type UnwindForm = { type: 'unwind_requested'; reason: string };

/**
 * Asks to unwind a sale whose title is late (DESIGN.md §8), with the reason the admin will read.
 * The server's refusal (too early, already asked) is shown in the dialog.
 */
export function UnwindRequestDialog({ transactionId, vehicle }: { transactionId: number; vehicle: string }) {
  const [open, setOpen] = useState(false);
  const record = useRecordDealerSaleEvent();
  const form = useForm<UnwindForm>({
    resolver: zodResolver(unwindSchema, plainFieldErrors) as unknown as Resolver<UnwindForm>,
    defaultValues: { type: 'unwind_requested', reason: '' },
  });
  const onSubmit = form.handleSubmit((body) =>
    record.mutate(
      { id: transactionId, body },
      {
        onSuccess: () => {
          toast({ title: 'Unwind requested', description: `${vehicle}: we will answer shortly.` });
          setOpen(false);
          form.reset();
        },
      },
    ),
  );
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) record.reset();
      }}
      title="Request unwind"
      description={`The title of the ${vehicle} is late. Tell us why you want to unwind the sale; the vehicle goes back on the market if we agree.`}
      trigger={
        <Button size="sm" variant="outline">
          Request unwind
        </Button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextAreaField
          label="Reason"
          rows={4}
          maxLength={1000}
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
        {record.error ? (
          <p
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ring-1 ring-red-200"
          >
            {record.error.message}
          </p>
        ) : null}
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? 'Sending…' : 'Send unwind request'}
        </Button>
      </form>
    </Modal>
  );
}
