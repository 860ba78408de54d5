import { TextAreaField } from '@/components/ui/fields';
import { bindFields } from '@/lib/form-binding';
import { DealerStepDialog, useDealerStepForm } from './dealer-step-dialog';

/**
 * Asks to unwind a sale whose title is late (docs/design.md §8), with the reason the admin will read.
 * The server's refusal (too early, already asked) is shown in the dialog.
 */
export function UnwindRequestDialog({ transactionId, vehicle }: { transactionId: number; vehicle: string }) {
  const form = useDealerStepForm('unwind_requested', { reason: '' });
  const field = bindFields(form);
  return (
    <DealerStepDialog
      transactionId={transactionId}
      form={form}
      title="Request unwind"
      description={`The title of the ${vehicle} is late. Tell us why you want to unwind the sale; the vehicle goes back on the market if we agree.`}
      triggerLabel="Request unwind"
      submitLabel="Send unwind request"
      done={{ title: 'Unwind requested', description: `${vehicle}: we will answer shortly.` }}
    >
      <TextAreaField label="Reason" rows={4} maxLength={1000} {...field('reason')} />
    </DealerStepDialog>
  );
}
