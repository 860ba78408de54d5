import { CLAIM_CATEGORIES } from '@contracts/after-sale';
import { useWatch } from 'react-hook-form';
import { SelectField, SelectOptions, TextAreaField } from '@/components/ui/fields';
import { MoneyField } from '@/components/ui/money-field';
import { formatDay } from '@/lib/display/sale-state';
import { bindFields } from '@/lib/form-binding';
import { useClaimAttachments } from '../../hooks/use-claim-attachments';
import { ClaimAttachmentsField } from './claim-attachments-field';
import { DealerStepDialog, useDealerStepForm } from './dealer-step-dialog';
import { chosen, ReportLineFields } from './report-line-fields';

/** "Waiting for 2 uploads…" while files are on their way: the claim names them once they are up. */
const waitingFor = (uploading: number) =>
  uploading > 0 ? `Waiting for ${uploading} upload${uploading === 1 ? '' : 's'}…` : null;

/**
 * A guarantee claim on a car picked up or delivered, within the guarantee window (docs/design.md §8):
 * what, where (body damage) or which code (warning light), the description, the repair estimate,
 * and photos and a video (uploaded while the dealer writes). What the condition report disclosed
 * is refused by the server, shown in the dialog.
 */
export function OpenClaimDialog({
  transactionId,
  vehicle,
  guaranteeEndsAt,
  timeZone,
  deliveredByUs = false,
}: {
  transactionId: number;
  vehicle: string;
  guaranteeEndsAt: string | null;
  timeZone: string;
  /** Our carrier brought the car (docs/design.md §15): "Damage in transit" may be claimed. */
  deliveredByUs?: boolean;
}) {
  const categories = deliveredByUs
    ? CLAIM_CATEGORIES
    : Object.fromEntries(Object.entries(CLAIM_CATEGORIES).filter(([key]) => key !== 'transit_damage'));
  const form = useDealerStepForm('claim_opened', {
    category: 'mechanical',
    description: '',
    estimate: '',
  });
  const field = bindFields(form);
  const category = useWatch({ control: form.control, name: 'category' });
  const attachments = useClaimAttachments();
  return (
    <DealerStepDialog
      transactionId={transactionId}
      form={form}
      title="Open a claim"
      description={`Something on the ${vehicle} that the condition report did not disclose${
        guaranteeEndsAt ? `; the guarantee runs until ${formatDay(guaranteeEndsAt, timeZone)}` : ''
      }.`}
      triggerLabel="Open a claim"
      submitLabel="Send claim"
      done={{ title: 'Claim sent', description: `${vehicle}: we will answer shortly.` }}
      attached={attachments.attached}
      waitLabel={waitingFor(attachments.uploading)}
      blockedReason={
        attachments.failed > 0
          ? 'A photo or the video did not upload: retry it or remove it, then send the claim.'
          : null
      }
      onSent={attachments.clear}
    >
      <SelectField label="What is it about" {...field('category')}>
        <SelectOptions items={categories} />
      </SelectField>
      <ReportLineFields
        kind={category === 'body' ? 'damage' : category === 'warning_light' ? 'warning_light' : null}
        bind={(name) => field(name, chosen)}
      />
      <TextAreaField label="Description" rows={4} maxLength={2000} {...field('description')} />
      <MoneyField label="Repair estimate ($)" {...field('estimate')} />
      <ClaimAttachmentsField attachments={attachments} />
    </DealerStepDialog>
  );
}
