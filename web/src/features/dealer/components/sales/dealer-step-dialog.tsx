import { type DealerSaleEventBody, dealerSaleEventBodySchema } from '@contracts/after-sale';
import { type ReactNode, useState } from 'react';
import { type DefaultValues, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { plainFieldErrors, zodResolver } from '@/lib/zod';
import { useRecordDealerSaleEvent } from '../../api/dealer-portal';
import { SendingDialog } from './sending-dialog';

type DialogStepType = Exclude<DealerSaleEventBody['type'], 'title_confirmed'>;
type DealerStep<T extends DialogStepType> = Extract<DealerSaleEventBody, { type: T }>;

/** A dealer's step with a form, validated by that step's schema in the server's contract. */
export function useDealerStepForm<T extends DialogStepType>(type: T, defaults: Omit<DealerStep<T>, 'type'>) {
  const schema = dealerSaleEventBodySchema.options.find((option) => option.shape.type.value === type)!;
  return useForm<DealerStep<T>>({
    resolver: zodResolver(schema, plainFieldErrors) as unknown as Resolver<DealerStep<T>>,
    defaultValues: { type, ...defaults } as DefaultValues<DealerStep<T>>,
  });
}

/**
 * A dialog that sends one of the dealer's steps (an unwind request, a claim): the fields, the
 * server's refusal in words inside the dialog, a toast and a closed dialog once recorded.
 * A step with uploads adds what they gave (`attached`), keeps the button disabled and says why
 * while they run (`waitLabel`), and refuses to send while one has failed (`blockedReason`).
 */
export function DealerStepDialog<T extends DialogStepType>({
  transactionId,
  form,
  title,
  description,
  triggerLabel,
  submitLabel,
  done,
  attached,
  waitLabel,
  blockedReason,
  onSent,
  children,
}: {
  transactionId: number;
  form: UseFormReturn<DealerStep<T>>;
  title: string;
  description: string;
  triggerLabel: string;
  submitLabel: string;
  done: { title: string; description: string };
  attached?: Partial<DealerStep<T>>;
  waitLabel?: string | null;
  blockedReason?: string | null;
  onSent?: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const record = useRecordDealerSaleEvent();
  const onSubmit = form.handleSubmit((body) => {
    setBlocked(Boolean(blockedReason));
    if (blockedReason || waitLabel) return;
    // Through the promise, not mutate()'s callbacks (docs/conventions.md habit 6): those are dropped
    // once this dialog unmounts, and it does as soon as refreshed sales (a live change may bring them
    // first) no longer offer the step.
    record.mutateAsync({ id: transactionId, body: { ...body, ...attached } as DealerSaleEventBody }).then(
      () => {
        toast(done);
        setOpen(false);
        form.reset();
        onSent?.();
      },
      // A refusal is shown in the dialog from the mutation's state.
      () => {},
    );
  });
  const problem = blocked && blockedReason ? blockedReason : (record.error?.message ?? null);
  return (
    <SendingDialog
      open={open}
      setOpen={setOpen}
      onClosed={() => {
        record.reset();
        setBlocked(false);
      }}
      title={title}
      description={description}
      trigger={
        <Button size="sm" variant="outline">
          {triggerLabel}
        </Button>
      }
      onSubmit={onSubmit}
      problem={problem}
      pending={record.isPending}
      waitLabel={waitLabel}
      submitLabel={submitLabel}
    >
      {children}
    </SendingDialog>
  );
}
