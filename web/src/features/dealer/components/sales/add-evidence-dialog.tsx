import type { SaleState } from '@contracts/after-sale';
import { claimCaseText, REPORT_SECTIONS } from '@contracts/claim-cases';
import { useWatch } from 'react-hook-form';
import { SelectField, SelectOptions, TextAreaField } from '@/components/ui/fields';
import { MoneyField } from '@/components/ui/money-field';
import { bindFields } from '@/lib/form-binding';
import { useClaimAttachments } from '../../hooks/use-claim-attachments';
import { ClaimAttachmentsField } from './claim-attachments-field';
import { DealerStepDialog, useDealerStepForm } from './dealer-step-dialog';
import { chosen, ReportLineFields } from './report-line-fields';

/**
 * Evidence for an open claim while its evidence deadline runs (docs/decisions/0041-claim-cases.md):
 * photos, a video, an estimate and a note, tied to a line of the condition report or marked
 * undisclosed; "The evidence is complete" starts the decision clock. A disclosed line is refused by
 * the server, shown in the dialog.
 */
export function AddEvidenceDialog({
  transactionId,
  vehicle,
  claim,
  sla,
}: {
  transactionId: number;
  vehicle: string;
  claim: SaleState['claims'][number];
  sla: SaleState['terms']['claimSla'];
}) {
  const form = useDealerStepForm('claim_evidence_added', {
    claimId: claim.id,
    section: claim.section,
    note: '',
    complete: false,
  });
  const field = bindFields(form);
  const section = useWatch({ control: form.control, name: 'section' });
  const attachments = useClaimAttachments();
  return (
    <DealerStepDialog
      transactionId={transactionId}
      form={form}
      title="Add evidence"
      description={`${vehicle}: ${claimCaseText(claim.case, sla)}.`}
      triggerLabel="Add evidence"
      submitLabel="Send evidence"
      done={{ title: 'Evidence sent', description: `${vehicle}: added to your claim.` }}
      attached={attachments.attached}
      blockedReason={
        attachments.failed > 0 ? 'A photo or the video did not upload: retry it or remove it.' : null
      }
      onSent={attachments.clear}
    >
      <SelectField label="Condition report line" {...field('section')}>
        <SelectOptions items={REPORT_SECTIONS} />
      </SelectField>
      <ReportLineFields
        kind={section === 'damage' ? 'damage' : section === 'warning_lights' ? 'warning_light' : null}
        bind={(name) => field(name, chosen)}
      />
      <MoneyField label="Repair estimate ($, optional)" {...field('estimate', chosen)} />
      <TextAreaField label="Note" rows={3} maxLength={1000} {...field('note')} />
      <ClaimAttachmentsField attachments={attachments} />
      <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
        <input type="checkbox" className="h-5 w-5 accent-brand-600" {...form.register('complete')} />
        The evidence is complete
      </label>
    </DealerStepDialog>
  );
}
