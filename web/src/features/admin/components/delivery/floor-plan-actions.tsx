import {
  type DecideFloorPlanBody,
  decideFloorPlanBodySchema,
  FLOOR_PLAN_STATUS_LABELS,
  type FloorPlanBoardRow,
} from '@contracts/delivery';
import { Check, Landmark, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { MoneyField } from '@/components/ui/money-field';
import { toast } from '@/components/ui/use-toast';
import { formatAmount } from '@/lib/display/sale-state';
import { bindFields } from '@/lib/form-binding';
import { DELIVERY_ADMIN_LABELS as L } from '../../admin-texts';
import { useDecideFloorPlan } from '../../api/decide-floor-plan';
import { ROW_BUTTON } from './transport-actions';

type Decision = DecideFloorPlanBody['status'];
interface DecisionForm {
  reference: string;
  amount: string;
  reason: string;
}
const EMPTY: DecisionForm = { reference: '', amount: '', reason: '' };

const DONE: Record<Decision, string> = { approved: L.approved, declined: L.declined, funded: L.funded };

/** The body the contract accepts for this answer, from the form's strings (blank = not sent). */
const bodyOf = (status: Decision, v: DecisionForm): DecideFloorPlanBody =>
  status === 'declined'
    ? { status, reason: v.reason }
    : status === 'funded'
      ? { status, reference: v.reference }
      : { status, reference: v.reference, ...(v.amount.trim() ? { amount: v.amount } : {}) };

/**
 * What our team records when the lender answers by phone or portal (no lender API configured):
 * a waiting request is approved or declined, an approved one funded. Rows the lender's system
 * answers itself have no buttons.
 */
export function FloorPlanActions({ row }: { row: FloorPlanBoardRow }) {
  if (row.arrangedBy !== 'team') return null;
  if (row.status === 'requested')
    return (
      <span className="flex flex-wrap gap-2">
        <DecisionDialog row={row} status="approved" />
        <DecisionDialog row={row} status="declined" />
      </span>
    );
  if (row.status === 'approved') return <DecisionDialog row={row} status="funded" />;
  return null;
}

const TRIGGERS: Record<Decision, { label: string; icon: ReactNode; variant: 'primary' | 'outline' }> = {
  approved: { label: L.approve, icon: <Check aria-hidden="true" className="h-4 w-4" />, variant: 'primary' },
  declined: { label: L.decline, icon: <X aria-hidden="true" className="h-4 w-4" />, variant: 'outline' },
  funded: { label: L.fund, icon: <Landmark aria-hidden="true" className="h-4 w-4" />, variant: 'primary' },
};
const TITLES: Record<Decision, string> = {
  approved: L.approveTitle,
  declined: L.declineTitle,
  funded: L.fundTitle,
};

const SUBMITS: Record<Decision, string> = {
  approved: L.recordApproval,
  declined: L.recordDecline,
  funded: L.recordFunding,
};

function DecisionDialog({ row, status }: { row: FloorPlanBoardRow; status: Decision }) {
  const [open, setOpen] = useState(false);
  const decide = useDecideFloorPlan();
  const form = useForm<DecisionForm>({ defaultValues: EMPTY });
  const field = bindFields(form);
  const trigger = TRIGGERS[status];
  const onSubmit = form.handleSubmit((values) => {
    // The contract's own rules, with its words, before anything is sent.
    const parsed = decideFloorPlanBodySchema.safeParse(bodyOf(status, values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = issue.path[0];
        if (name === 'reference' || name === 'amount' || name === 'reason')
          form.setError(name, { message: messageOf(name, issue.message) });
      }
      return;
    }
    decide.mutate(
      { id: row.requestId, body: bodyOf(status, values) },
      {
        onSuccess: (saved) => {
          toast({
            title: DONE[status],
            description: `${saved.vehicle}: ${FLOOR_PLAN_STATUS_LABELS[saved.status]}`,
          });
          setOpen(false);
        },
      },
    );
  });
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset(EMPTY);
        else decide.reset();
      }}
      title={TITLES[status]}
      description={`${row.vehicle} · ${row.dealerName} · ${formatAmount(row.amount)} on ${row.label}`}
      trigger={
        <Button
          size="sm"
          variant={trigger.variant}
          className={ROW_BUTTON}
          aria-label={`${trigger.label}: ${row.vehicle}`}
        >
          {trigger.icon}
          {trigger.label}
        </Button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {status === 'declined' ? (
          <TextAreaField label={L.declineReason} rows={3} maxLength={500} {...field('reason')} />
        ) : (
          <FormField
            label={L.lenderReference}
            maxLength={60}
            autoComplete="off"
            spellCheck={false}
            {...field('reference')}
          />
        )}
        {status === 'approved' ? (
          <MoneyField label={L.approvedAmount} hint={L.approvedAmountHint} {...field('amount')} />
        ) : null}
        <FormAlert message={decide.error?.message} />
        <Button
          type="submit"
          variant={status === 'declined' ? 'destructive' : 'primary'}
          disabled={decide.isPending}
        >
          {decide.isPending ? L.saving : SUBMITS[status]}
        </Button>
      </form>
    </Modal>
  );
}

/** zod's generic "too small" for a blank reference or reason reads better as what to type. */
const messageOf = (field: 'reference' | 'amount' | 'reason', message: string) =>
  field === 'reference' && /least|small|required/i.test(message)
    ? 'Enter the lender’s reference'
    : field === 'reason' && /least|small|required/i.test(message)
      ? 'Enter why the lender declined'
      : message;
