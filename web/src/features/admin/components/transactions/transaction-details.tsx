import { ADMIN_TEXT } from '@contracts/admin';
import type { AdminTransaction } from '@contracts/transactions';
import { useState } from 'react';
import {
  ClaimList,
  LedgerTable,
  PaymentStatus,
  PickupStatus,
  StageBadge,
  TitleStatus,
} from '@/components/sale-status';
import { SaleTimeline } from '@/components/sale-timeline';
import { toast } from '@/components/ui/use-toast';
import { apiPath } from '@/lib/api/api-client';
import { decimalToCents, formatAmount, SALE_LABELS } from '@/lib/display/sale-state';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { SALE_STEP_LABELS as L } from '../../admin-texts';
import { useRecordSaleEvent } from '../../api/record-sale-event';
import { BillOfSaleLink } from './bill-of-sale-link';
import { DeliverySummary } from './delivery-summary';
import type { Step, StepType } from './sale-step-form';
import {
  AnswerClaimForm,
  DeclineUnwindForm,
  DeliveredForm,
  OdometerForm,
  PaymentForm,
  PickedUpForm,
  PickupReadyForm,
  RefundForm,
  TitleReceivedForm,
  TitleSentForm,
} from './sale-step-forms';

const DONE: Record<StepType, string> = {
  payment_recorded: 'payment recorded',
  refund_recorded: 'refund recorded',
  title_received: 'title received',
  title_sent: 'title sent',
  pickup_ready: 'ready for pickup',
  picked_up: 'picked up',
  delivered: 'delivered',
  unwind_declined: 'unwind request declined',
  claim_answered: 'claim answered',
  odometer_stated: 'odometer statement saved',
};

const terms = (t: AdminTransaction) =>
  `Payment in ${t.terms.paymentDays} business days; title in ${t.terms.titleDaysWithDeal} (with the deal) or ${t.terms.titleDaysAbsent}; guarantee ${t.terms.guaranteeDays} business days after pickup or delivery${t.terms.guarantee ? ` (${t.terms.guarantee.label})` : ''}; late fee ${t.terms.lateFeePercent}%; ${t.terms.timeZone} time.`;

/**
 * What a sale's Details dialog holds for the admin (docs/design.md §8): its clocks, the bill of
 * sale, a form per step (each disabled, with the reason, when the state does not allow it; the
 * server's refusal shown in the form) and the timeline. Loaded with the dialog
 * (transaction-details-dialog.tsx); a failure shown is forgotten as it closes.
 */
export default function TransactionDetails({ transaction: t }: { transaction: AdminTransaction }) {
  const record = useRecordSaleEvent();
  const [failure, setFailure] = useState<{ type: StepType; message: string } | null>(null);
  const name = vehicleTitle(t.vehicle);
  const send = (body: Step<StepType>) => {
    setFailure(null);
    record.mutate(
      { id: t.id, body },
      {
        onSuccess: (updated) =>
          toast({
            title: ADMIN_TEXT.transactionUpdated,
            description:
              body.type === 'pickup_ready' && updated.gatePassCode
                ? `${name}: ready for pickup, ${SALE_LABELS.gatePass.toLowerCase()} ${updated.gatePassCode}.`
                : `${name}: ${DONE[body.type]}.`,
          }),
        onError: (error) => setFailure({ type: body.type, message: error.message }),
      },
    );
  };
  const props = (type: StepType) => ({
    transaction: t,
    send,
    pending: record.isPending,
    error: failure?.type === type ? failure.message : null,
  });

  return (
    <>
      <dl className="grid gap-3 rounded-lg bg-slate-50 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">Payment</dt>
          <dd className="mt-1 text-slate-800">
            <StageBadge sale={t} />
            <PaymentStatus sale={t} />
            <span className="block">Sale total {formatAmount(t.amountDue)}</span>
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">
            {SALE_LABELS.ledger}
          </dt>
          <dd className="mt-1 text-slate-800">
            <LedgerTable sale={t} label={`${SALE_LABELS.ledger} of the sale of ${name}`} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">Title</dt>
          <dd className="mt-1 text-slate-800">
            <TitleStatus sale={t} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">Pickup</dt>
          <dd className="mt-1 text-slate-800">
            <PickupStatus sale={t} withPlace />
          </dd>
        </div>
        <DeliverySummary transaction={t} />
        {t.claims.length > 0 ? (
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{L.claims}</dt>
            <dd className="mt-1 text-slate-800">
              <ClaimList sale={t} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">Terms</dt>
          <dd className="mt-1 text-slate-800">{terms(t)}</dd>
        </div>
      </dl>
      <div>
        <BillOfSaleLink href={apiPath('downloadBillOfSale', { id: t.id })}>{L.downloadBill}</BillOfSaleLink>
      </div>
      {decimalToCents(t.refundOwed) > 0 ? (
        <RefundForm key={`refund-${t.timeline.length}`} {...props('refund_recorded')} />
      ) : null}
      {t.cancelled ? (
        <p className="text-sm text-slate-600">This sale was cancelled: its steps can no longer change.</p>
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          {t.unwindRequested ? <DeclineUnwindForm {...props('unwind_declined')} /> : null}
          {t.claims.some((c) => c.status === 'open') ? (
            <AnswerClaimForm key={`claim-${t.timeline.length}`} {...props('claim_answered')} />
          ) : null}
          <PaymentForm key={`pay-${t.timeline.length}`} {...props('payment_recorded')} />
          <TitleReceivedForm {...props('title_received')} />
          <TitleSentForm {...props('title_sent')} />
          <PickupReadyForm key={`ready-${t.timeline.length}`} {...props('pickup_ready')} />
          <PickedUpForm {...props('picked_up')} />
          <DeliveredForm {...props('delivered')} />
          <OdometerForm key={`odometer-${t.timeline.length}`} {...props('odometer_stated')} />
        </div>
      )}
      <section aria-labelledby={`timeline-${t.id}`} className="grid gap-2">
        <h3 id={`timeline-${t.id}`} className="font-semibold text-slate-900">
          {SALE_LABELS.timeline}
        </h3>
        <SaleTimeline events={t.timeline} label={`${SALE_LABELS.timeline} of the sale of ${name}`} />
      </section>
    </>
  );
}
