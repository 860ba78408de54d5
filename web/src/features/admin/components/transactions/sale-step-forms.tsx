import {
  BUYBACK_DESTINATIONS,
  CLAIM_CATEGORIES,
  ODOMETER_STATUS_LABELS,
  SALE_TEXT,
} from '@contracts/after-sale-texts';
import { dateInZone } from '@contracts/business-days';
import { claimCaseText } from '@contracts/claim-cases';
import {
  claimCreditOf,
  claimCreditText,
  deductibleOf,
  isClaimCovered,
  notCoveredText,
} from '@contracts/claim-coverage';
import { centsToDecimal, toCents } from '@contracts/money';
import type { AdminTransaction } from '@contracts/transactions';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { SelectField, SelectOptions, TextAreaField } from '@/components/ui/fields';
import { FormField } from '@/components/ui/form-field';
import { MoneyField } from '@/components/ui/money-field';
import { amountLeft, decimalToCents, formatAmount, todayIn } from '@/lib/display/sale-state';
import { bindFields } from '@/lib/form-binding';
import { DELIVERY_ADMIN_LABELS, SALE_STEP_LABELS as L } from '../../admin-texts';
import { titleLender } from './delivery-summary';
import { HowPaidFields } from './how-paid-fields';
import { type Step, StepSection, type StepType, useStepForm } from './sale-step-form';

/** What every step form gets from the dialog: the sale, how to send a step, and the last refusal. */
export interface StepFormProps {
  transaction: AdminTransaction;
  send: (body: Step<StepType>) => void;
  pending: boolean;
  /** The server's refusal of this step's last try. */
  error: string | null;
}

const handedOver = (t: AdminTransaction) => t.pickupStatus === 'picked_up' || t.pickupStatus === 'delivered';
/** The dates a step may report: from the sale day to today, in the sale's time zone (the server checks too). */
const stepDates = (t: AdminTransaction) => ({
  min: dateInZone(new Date(t.createdAt), t.terms.timeZone),
  max: todayIn(t.terms.timeZone),
});

/**
 * Why the car may not leave yet, from the sale's one hold (issue #44): money first (what is owed
 * and what to record, as the server's refusal says it), else its reconditioning in the hold's words.
 */
const releaseReason = (t: AdminTransaction) =>
  t.holdReason === 'reconditioning' && t.holdText
    ? t.holdText
    : L.releaseBlocked(formatAmount(amountLeft(t)));

type MoneyStep = 'payment_recorded' | 'refund_recorded';
/** The date each money step reports: when the payment came in, when the refund went out. */
const MONEY_DATE = { payment_recorded: 'receivedOn', refund_recorded: 'paidOn' } as const;
type MoneyValues = { amount: string; method: string; reference: string } & Record<string, string>;

/** One money step (payment in, refund out): amount, how it was paid, the reference and the date. */
function MoneyStepForm({
  type,
  amount,
  title,
  submitLabel,
  dateLabel,
  allowed,
  reason,
  transaction: t,
  send,
  pending,
  error,
}: StepFormProps & {
  type: MoneyStep;
  amount: string;
  title: string;
  submitLabel: string;
  dateLabel: string;
  allowed: boolean;
  reason: string;
}) {
  const date = MONEY_DATE[type];
  const defaults = { amount, method: 'ach', reference: '', [date]: todayIn(t.terms.timeZone) };
  // Both steps have the same fields but the date's name: one form, typed by its values.
  const form = useStepForm(type, defaults as never) as unknown as UseFormReturn<MoneyValues>;
  const field = bindFields(form);
  return (
    <StepSection
      title={title}
      submitLabel={submitLabel}
      allowed={allowed}
      reason={reason}
      wide
      pending={pending}
      error={error}
      onSubmit={form.handleSubmit((values) => send(values as unknown as Step<StepType>))}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <MoneyField label={L.amount} {...field('amount')} />
        <HowPaidFields
          method={field('method')}
          reference={field('reference')}
          date={field(date)}
          dateLabel={dateLabel}
          dates={stepDates(t)}
        />
      </div>
    </StepSection>
  );
}

/** Money paid back to the dealer: what a claim credit after payment or an unwound paid sale left owed. */
export function RefundForm(props: StepFormProps) {
  const t = props.transaction;
  return (
    <MoneyStepForm
      {...props}
      type="refund_recorded"
      amount={t.refundOwed}
      title={`${L.recordRefund} (${formatAmount(t.refundOwed)} owed)`}
      submitLabel={L.recordRefund}
      dateLabel={L.paidOn}
      allowed={decimalToCents(t.refundOwed) > 0}
      reason={L.noRefundOwedReason}
    />
  );
}

export function PaymentForm(props: StepFormProps) {
  const t = props.transaction;
  const left = amountLeft(t);
  return (
    <MoneyStepForm
      {...props}
      type="payment_recorded"
      amount={left}
      title={L.recordPayment}
      submitLabel={L.recordPayment}
      dateLabel={L.receivedOn}
      allowed={!t.paidInFull && decimalToCents(left) > 0}
      reason={L.paidInFullReason}
    />
  );
}

export function TitleReceivedForm({ transaction: t, send, pending, error }: StepFormProps) {
  const form = useStepForm('title_received', { withDeal: false });
  return (
    <StepSection
      title={L.titleReceived}
      submitLabel={L.markTitleReceived}
      allowed={t.titleStatus === 'absent'}
      reason={SALE_TEXT.titleAlreadyReceived}
      pending={pending}
      error={error}
      onSubmit={form.handleSubmit(send)}
    >
      <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
        <input type="checkbox" className="h-5 w-5 accent-brand-600" {...form.register('withDeal')} />
        {L.withDeal}
      </label>
    </StepSection>
  );
}

export function TitleSentForm({ transaction: t, send, pending, error }: StepFormProps) {
  const form = useStepForm('title_sent', { carrier: '', trackingNumber: '' });
  const field = bindFields(form);
  // A floor plan paid for it (docs/design.md §15): the title goes to the lender, not the dealer.
  const lender = titleLender(t);
  return (
    <StepSection
      title={lender ? DELIVERY_ADMIN_LABELS.titleToLender(lender) : L.titleSent}
      submitLabel={L.markTitleSent}
      allowed={t.titleStatus === 'received'}
      reason={t.titleStatus === 'absent' ? SALE_TEXT.titleOrder : L.titleAlreadySent}
      pending={pending}
      error={error}
      onSubmit={form.handleSubmit(send)}
    >
      <FormField label={L.carrier} maxLength={60} {...field('carrier')} />
      <FormField
        label={L.trackingNumber}
        maxLength={60}
        autoComplete="off"
        spellCheck={false}
        {...field('trackingNumber')}
      />
    </StepSection>
  );
}

export function PickupReadyForm({ transaction: t, send, pending, error }: StepFormProps) {
  const form = useStepForm('pickup_ready', { address: '', hours: '' });
  const field = bindFields(form);
  return (
    <StepSection
      title={L.pickupReady}
      submitLabel={L.markPickupReady}
      allowed={!handedOver(t) && t.canRelease}
      reason={handedOver(t) ? SALE_TEXT.pickupDone : releaseReason(t)}
      hint={t.pickupStatus === 'ready' ? L.pickupAgain : undefined}
      pending={pending}
      error={error}
      onSubmit={form.handleSubmit(send)}
    >
      <FormField label={L.address} maxLength={300} autoComplete="street-address" {...field('address')} />
      <FormField label={L.hours} maxLength={200} placeholder="Mon–Fri 8 AM–5 PM" {...field('hours')} />
    </StepSection>
  );
}

export function PickedUpForm({ transaction: t, send, pending, error }: StepFormProps) {
  const form = useStepForm('picked_up', { on: todayIn(t.terms.timeZone), by: '' });
  const field = bindFields(form);
  return (
    <StepSection
      title={L.pickedUp}
      submitLabel={L.markPickedUp}
      allowed={t.pickupStatus === 'ready' && t.canRelease}
      reason={
        handedOver(t)
          ? SALE_TEXT.pickupDone
          : t.pickupStatus !== 'ready'
            ? SALE_TEXT.pickupNotReady
            : releaseReason(t)
      }
      pending={pending}
      error={error}
      onSubmit={form.handleSubmit(send)}
    >
      <FormField label={L.pickedUpOn} type="date" {...stepDates(t)} {...field('on')} />
      <FormField label={L.pickedUpBy} maxLength={120} {...field('by')} />
    </StepSection>
  );
}

export function DeliveredForm({ transaction: t, send, pending, error }: StepFormProps) {
  const form = useStepForm('delivered', { on: todayIn(t.terms.timeZone), carrier: '' });
  const field = bindFields(form);
  return (
    <StepSection
      title={L.delivered}
      submitLabel={L.markDelivered}
      allowed={!handedOver(t) && t.canRelease}
      reason={handedOver(t) ? SALE_TEXT.pickupDone : releaseReason(t)}
      pending={pending}
      error={error}
      onSubmit={form.handleSubmit(send)}
    >
      <FormField label={L.deliveredOn} type="date" {...stepDates(t)} {...field('on')} />
      <FormField label={L.deliveredBy} maxLength={120} {...field('carrier')} />
    </StepSection>
  );
}

/** Shown only while the dealer's unwind request waits for an answer. */
export function DeclineUnwindForm({ send, pending, error }: StepFormProps) {
  const form = useStepForm('unwind_declined', { reason: '' });
  const field = bindFields(form);
  return (
    <StepSection
      title={L.declineUnwind}
      submitLabel={L.declineUnwind}
      allowed
      pending={pending}
      error={error}
      onSubmit={form.handleSubmit(send)}
    >
      <TextAreaField label={L.declineReason} maxLength={1000} {...field('reason')} />
    </StepSection>
  );
}

/** The odometer statement the generated bill of sale certifies (49 CFR 580.5). */
export function OdometerForm({ transaction: t, send, pending, error }: StepFormProps) {
  const form = useStepForm('odometer_stated', { status: t.odometerStatus });
  const field = bindFields(form);
  return (
    <StepSection
      title={L.odometer}
      submitLabel={L.saveOdometer}
      allowed
      pending={pending}
      error={error}
      onSubmit={form.handleSubmit(send)}
    >
      <SelectField label={L.odometerStatement} {...field('status')}>
        <SelectOptions items={ODOMETER_STATUS_LABELS} />
      </SelectField>
    </StepSection>
  );
}

const ANSWERS = { denied: 'Deny', adjusted: 'Adjust the price', unwound: 'Unwind the sale' } as const;

/** Shown while a guarantee claim waits for an answer: deny, adjust the price, or unwind. */
export function AnswerClaimForm({ transaction: t, send, pending, error }: StepFormProps) {
  const claim = t.claims.find((c) => c.status === 'open')!;
  const form = useStepForm('claim_answered', {
    claimId: claim.id,
    decision: 'denied',
    reason: '',
    amount: claim.estimate,
    destination: 'listed',
  });
  const field = bindFields(form);
  const decision = useWatch({ control: form.control, name: 'decision' });
  const destination = useWatch({ control: form.control, name: 'destination' });
  const amount = useWatch({ control: form.control, name: 'amount' });
  // What the ledger will credit: the amount less the sale's deductible, as the server computes it.
  const amountCents = typeof amount === 'string' ? toCents(amount) : null;
  const credit =
    decision === 'adjusted' && amountCents !== null
      ? claimCreditOf(centsToDecimal(amountCents), deductibleOf(t.terms.guarantee))
      : null;
  const covered = isClaimCovered(t.terms.guarantee, { category: claim.category });
  return (
    <StepSection
      title={L.answerClaim}
      submitLabel={L.sendAnswer}
      allowed
      hint={
        decision === 'unwound'
          ? destination === 'reconditioning'
            ? L.reconditionHint
            : L.unwindHint
          : undefined
      }
      wide
      pending={pending}
      error={error}
      onSubmit={form.handleSubmit(send)}
    >
      <p className="text-sm text-slate-700">
        {CLAIM_CATEGORIES[claim.category]}: {claim.description} (estimate {formatAmount(claim.estimate)})
      </p>
      {/* The case's deadline, as the dealer reads it (docs/decisions/0041-claim-cases.md). */}
      <p className="text-sm font-medium text-slate-800">{claimCaseText(claim.case, t.terms.claimSla)}.</p>
      {covered ? null : (
        <p className="text-sm font-medium text-red-800">
          {L.notCovered(notCoveredText(t.terms.guarantee, claim.category))}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={L.decision} {...field('decision')}>
          <SelectOptions items={ANSWERS} />
        </SelectField>
        {decision === 'adjusted' ? (
          <MoneyField label={L.adjustment} {...field('amount', { shouldUnregister: true })} />
        ) : null}
        {decision === 'unwound' ? (
          <SelectField label={L.buybackDestination} {...field('destination', { shouldUnregister: true })}>
            <SelectOptions items={BUYBACK_DESTINATIONS} />
          </SelectField>
        ) : null}
      </div>
      {/* The credit after the deductible, before the admin confirms (docs/decisions/0043-claim-coverage-and-deductible.md). */}
      {credit ? (
        <p className="text-sm font-medium text-slate-800" data-testid="claim-credit">
          {claimCreditText(credit)}
        </p>
      ) : null}
      <TextAreaField label={L.answer} maxLength={1000} {...field('reason')} />
    </StepSection>
  );
}
