import { CLAIM_CATEGORIES } from '@contracts/after-sale-texts';
import { coveredCategories, coveredItemsText } from '@contracts/claim-coverage';
import { type GuaranteeTerms, isGuaranteed } from '@contracts/guarantee';
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
  guarantee,
}: {
  transactionId: number;
  vehicle: string;
  guaranteeEndsAt: string | null;
  timeZone: string;
  /** Our carrier brought the car (docs/design.md §15): "Damage in transit" may be claimed. */
  deliveredByUs?: boolean;
  /** The guarantee the sale was made under: only what it covers is offered (none: a sale before levels). */
  guarantee?: GuaranteeTerms;
}) {
  // What the sale's guarantee covers (the server refuses the rest, naming what it covers).
  const covered = coveredCategories(guarantee).filter((key) => deliveredByUs || key !== 'transit_damage');
  const categories = Object.fromEntries(covered.map((key) => [key, CLAIM_CATEGORIES[key]]));
  const form = useDealerStepForm('claim_opened', {
    category: covered.includes('mechanical') ? 'mechanical' : covered[0]!,
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
      }.${guarantee && isGuaranteed(guarantee) ? ` The ${guarantee.label} guarantee covers: ${coveredItemsText(guarantee)}.` : ''}`}
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
