import type { LedgerEntry, SaleState } from '@contracts/after-sale';
import {
  BUYBACK_DESTINATIONS,
  CLAIM_CATEGORIES,
  CLAIM_STATUS_LABELS,
  PAYMENT_METHODS,
  SALE_STAGES,
  type SaleStage,
  TITLE_STATUS_LABELS,
} from '@contracts/after-sale-texts';
import { CLAIM_CASE_STAGES, CLAIM_CASE_TEXT, claimCaseText } from '@contracts/claim-case-texts';
import { claimCreditText } from '@contracts/claim-coverage';
import { DELIVERY_STATUS_LABELS } from '@contracts/delivery-texts';
import type { SaleWorkOrder } from '@contracts/work-orders';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { ClaimMedia } from '@/components/claim-media';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import {
  amountLeft,
  daysLateText,
  decimalToCents,
  formatAmount,
  formatDate,
  isOverdue,
  pickupPlace,
  SALE_LABELS,
  titleShipment,
} from '@/lib/display/sale-state';

/** A transaction as both the admin's and the dealer's views carry it. */
export type SaleView = SaleState & {
  isPaid: boolean;
  cancelled: boolean;
  /** Its reconditioning (docs/design.md §14): the car waits for it before pickup or delivery. */
  workOrder?: SaleWorkOrder | null;
};

const Line = ({
  children,
  className,
  ...data
}: {
  children: ReactNode;
  className?: string;
  [data: `data-${string}`]: string;
}) => (
  <span className={cn('block', className)} {...data}>
    {children}
  </span>
);

/** A warning in words and an icon, red: never colour alone. */
export const Flag = ({ children }: { children: ReactNode }) => (
  <span className="inline-flex items-center gap-1 font-semibold text-red-700">
    <AlertTriangle aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
    {children}
  </span>
);

/** How each stage reads: a word and a colour (never colour alone). */
export const STAGE_TONE: Record<SaleStage, BadgeTone> = {
  awaiting_payment: 'yellow',
  overdue: 'red',
  paid: 'green',
  lender_approved: 'blue',
  ready_for_pickup: 'blue',
  in_transport: 'blue',
  picked_up: 'green',
  delivered: 'green',
  refund_owed: 'red',
  cancelled: 'gray',
  completed: 'green',
};

/** Where the sale stands, the same word on the admin's row and the dealer's card (the server's stage). */
export const StageBadge = ({ sale }: { sale: Pick<SaleView, 'stage'> }) => (
  <Badge tone={STAGE_TONE[sale.stage]}>{SALE_STAGES[sale.stage]}</Badge>
);

/** Due date, paid in full, overdue or a refund owed; what was paid and what is left (the ledger's figures). */
export function PaymentStatus({ sale }: { sale: SaleView }) {
  const paid = decimalToCents(sale.paidAmount);
  const fee = decimalToCents(sale.lateFee);
  const refundOwed = decimalToCents(sale.refundOwed);
  return (
    <>
      {refundOwed > 0 ? (
        <Line>
          <Flag>
            {SALE_LABELS.refundOwed} {formatAmount(sale.refundOwed)}
          </Flag>
        </Line>
      ) : sale.paidInFull ? (
        <Line>
          <span className="inline-flex items-center gap-1 font-semibold text-emerald-800">
            <CheckCircle2 aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
            {SALE_LABELS.paidInFull}
          </span>
        </Line>
      ) : sale.cancelled ? null : isOverdue(sale) ? (
        <Line>
          <Flag>Overdue: {daysLateText(sale.daysLate)}</Flag>
          <span className="block text-red-800">Was due {formatDate(sale.paymentDueOn)}</span>
        </Line>
      ) : (
        <Line>Due {formatDate(sale.paymentDueOn)}</Line>
      )}
      {!sale.cancelled && !sale.paidInFull ? (
        <Line data-balance={sale.balance}>
          {paid > 0 ? `${formatAmount(sale.paidAmount)} paid, ` : ''}
          {formatAmount(amountLeft(sale))} left
        </Line>
      ) : null}
      {fee > 0 ? <Line>Late fee {formatAmount(sale.lateFee)}</Line> : null}
    </>
  );
}

const SIGN: Record<LedgerEntry['kind'], '+' | '−'> = {
  price: '+',
  charge: '+',
  refund: '+',
  credit: '−',
  payment: '−',
};

/**
 * The sale's ledger, line by line, and its balance: the figures every other view sums up. A line
 * that lowers what the dealer owes (payment, credit) shows with a minus.
 */
export function LedgerTable({ sale, label }: { sale: SaleView; label: string }) {
  const balance = decimalToCents(sale.balance);
  return (
    <table aria-label={label} className="w-full text-left text-sm">
      <thead className="sr-only">
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Entry</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {sale.ledger.map((entry, i) => (
          <tr key={`${entry.kind}-${entry.eventId ?? i}`} data-ledger-kind={entry.kind}>
            <td className="whitespace-nowrap py-1.5 pr-2 align-top text-xs text-slate-600">
              <time dateTime={entry.on}>{formatDate(entry.on)}</time>
            </td>
            <td className="py-1.5 pr-2 align-top">
              <span className="block text-slate-900">{entry.label}</span>
              {entry.method || entry.reference ? (
                <span className="block break-words text-xs text-slate-600">
                  {[entry.method ? PAYMENT_METHODS[entry.method] : null, entry.reference]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              ) : null}
            </td>
            <td className="whitespace-nowrap py-1.5 text-right align-top tabular-nums">
              {SIGN[entry.kind]} {formatAmount(entry.amount)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t-2 border-slate-300 font-semibold">
          <td className="py-1.5" colSpan={2}>
            {balance < 0 ? SALE_LABELS.refundOwed : 'Balance'}
          </td>
          <td className="whitespace-nowrap py-1.5 text-right tabular-nums" data-testid="ledger-balance">
            {formatAmount(balance < 0 ? sale.refundOwed : sale.balance)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** Where the title is, when it is due, whether it is late, and how it was shipped. */
export function TitleStatus({ sale }: { sale: SaleView }) {
  const shipment = titleShipment(sale.timeline);
  const delivered = sale.titleStatus === 'sent' || sale.titleStatus === 'confirmed';
  return (
    <>
      <Line className="font-medium">{TITLE_STATUS_LABELS[sale.titleStatus]}</Line>
      {delivered || sale.cancelled ? null : <Line>Due {formatDate(sale.titleDueOn)}</Line>}
      {sale.titleLate && !sale.cancelled ? (
        <Line>
          <Flag>{SALE_LABELS.titleLate}</Flag>
        </Line>
      ) : null}
      {delivered && shipment ? (
        <Line className="break-words">
          {shipment.carrier}, tracking <span className="font-mono">{shipment.trackingNumber}</span>
        </Line>
      ) : null}
      {sale.unwindRequested ? (
        <Line className="font-semibold text-amber-900">{SALE_LABELS.unwindRequested}</Line>
      ) : null}
    </>
  );
}

/**
 * Where the car is (the server's one delivery state, issue #44) and what holds it back, in the
 * words both sides read; the gate pass code while it is valid (or why it was withdrawn), and the
 * guarantee. `withPlace` (a sale's own view) adds where and when, and leaves an open claim to the
 * claims list shown beside it. The title's hold is the Title column's.
 */
export function PickupStatus({ sale, withPlace = false }: { sale: SaleView; withPlace?: boolean }) {
  const place = pickupPlace(sale.timeline);
  const workOrder = sale.workOrder;
  return (
    <>
      <Line className="font-medium">{DELIVERY_STATUS_LABELS[sale.deliveryStatus]}</Line>
      {sale.holdText && sale.holdReason !== 'title' && sale.holdReason !== 'none' ? (
        <Line className="font-semibold text-amber-900" data-hold={sale.holdReason}>
          {sale.holdText}
        </Line>
      ) : null}
      {workOrder && (workOrder.status === 'to_do' || workOrder.status === 'in_progress') ? (
        <Line>Reconditioning promised {formatDate(workOrder.promisedOn)}</Line>
      ) : workOrder?.status === 'done' ? (
        <Line>Reconditioned: {workOrder.packageName}</Line>
      ) : null}
      {withPlace && sale.pickupStatus === 'ready' && place ? (
        <>
          <Line className="break-words">{place.address}</Line>
          <Line className="break-words">{place.hours}</Line>
        </>
      ) : null}
      <GatePassStatus sale={sale} />
      {!withPlace && sale.claims.some((claim) => claim.status === 'open') ? (
        <Line className="font-semibold text-amber-900">
          {sale.claims.some((claim) => claim.status === 'open' && claim.case.stage === 'escalated') ? (
            <Flag>{CLAIM_CASE_STAGES.escalated}</Flag>
          ) : (
            SALE_LABELS.claimOpen
          )}
        </Line>
      ) : null}
      {/* An award's refund past its pay-by day (the claim-deadlines job's flag), until it is paid. */}
      {sale.claims.some((claim) => claim.paymentLate && claim.case.payment?.paidOn === null) ? (
        <Line className="font-semibold text-red-800">
          <Flag>{CLAIM_CASE_TEXT.refundLate}</Flag>
        </Line>
      ) : null}
      {/* The guarantee clock (ADR 0040): days left, paused while our carrier is late, ended, or as is. */}
      {sale.guarantee.state !== 'not_started' ? (
        <Line data-testid="guarantee-clock" data-state={sale.guarantee.state}>
          {sale.guarantee.text}
        </Line>
      ) : null}
    </>
  );
}

/** Whether the sale has a gate pass to show: valid now, or withdrawn (and why). */
export const hasGatePass = (sale: Pick<SaleView, 'pickupStatus' | 'gatePassCode' | 'gatePassWithdrawn'>) =>
  (sale.pickupStatus === 'ready' && !!sale.gatePassCode) || !!sale.gatePassWithdrawn;

/** The gate pass code while it releases the car, and why it was withdrawn when it was. */
export function GatePassStatus({ sale }: { sale: SaleView }) {
  return (
    <>
      {sale.pickupStatus === 'ready' && sale.gatePassCode ? (
        <Line>
          {SALE_LABELS.gatePass}{' '}
          <span className="font-mono font-semibold tracking-wider">{sale.gatePassCode}</span>
        </Line>
      ) : null}
      {sale.gatePassWithdrawn ? (
        <Line>
          <Flag>{sale.gatePassWithdrawn}</Flag>
        </Line>
      ) : null}
    </>
  );
}

/** Guarantee claims: what, the dealer's estimate, its photos and video, and the answer once given. */
export function ClaimList({ sale }: { sale: SaleView }) {
  return (
    <ul className="grid gap-2">
      {sale.claims.map((claim) => (
        <li key={claim.id} className="break-words">
          <Line className="font-medium">
            {CLAIM_CATEGORIES[claim.category]}:{' '}
            {claim.status === 'open' ? (
              <span className="font-semibold text-amber-900">Open</span>
            ) : (
              CLAIM_STATUS_LABELS[claim.status]
            )}
          </Line>
          <Line
            className={
              claim.case.stage === 'escalated' || claim.case.payment?.late
                ? 'font-semibold text-red-800'
                : undefined
            }
          >
            {claimCaseText(claim.case, sale.terms.claimSla)}
          </Line>
          <Line>{claim.description}</Line>
          <Line>
            Estimate {formatAmount(claim.estimate)}
            {claim.decidedAmount && claim.deductible && decimalToCents(claim.deductible) > 0
              ? `; ${claimCreditText({ decided: claim.decidedAmount, deductible: claim.deductible, credited: claim.adjustment ?? '0.00' })}`
              : claim.adjustment
                ? `, price adjusted by ${formatAmount(claim.adjustment)}`
                : ''}
          </Line>
          {claim.destination ? <Line>Bought back: {BUYBACK_DESTINATIONS[claim.destination]}</Line> : null}
          {claim.answer ? <Line>Answer: {claim.answer}</Line> : null}
          <ClaimMedia photos={claim.photos} videoUrl={claim.videoUrl} />
          {claim.evidence.map((item) => (
            <div key={item.id}>
              <Line>
                Evidence for {item.line}
                {item.estimate ? `, estimate ${formatAmount(item.estimate)}` : ''}
                {item.note ? `: ${item.note}` : ''}
              </Line>
              <ClaimMedia photos={item.photos} videoUrl={item.videoUrl} />
            </div>
          ))}
        </li>
      ))}
    </ul>
  );
}
