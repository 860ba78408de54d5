import type { DealerTransaction } from '@contracts/buying';
import { vehiclePath } from '@contracts/routes';
import { boughtByText } from '@contracts/teams';
import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import {
  ClaimList,
  LedgerTable,
  PaymentStatus,
  PickupStatus,
  StageBadge,
  TitleStatus,
} from '@/components/sale-status';
import { SaleTimeline } from '@/components/sale-timeline';
import { Button, buttonClasses } from '@/components/ui/button';
import { DashboardSection } from '@/components/ui/query-states';
import { toast } from '@/components/ui/use-toast';
import { formatMoney } from '@/lib/display/format';
import { decimalToCents, formatAmount, SALE_LABELS } from '@/lib/display/sale-state';
import { formatDate } from '@/lib/display/time-left';
import { useRecordDealerSaleEvent } from '../../api/dealer-portal';
import { DeliveryPanel } from './delivery-panel';
import { OpenClaimDialog } from './open-claim-dialog';
import { UnwindRequestDialog } from './unwind-request-dialog';

const vehicleName = (t: DealerTransaction) =>
  t.vehicle && (t.vehicle.year || t.vehicle.make || t.vehicle.model)
    ? [t.vehicle.year, t.vehicle.make, t.vehicle.model].filter(Boolean).join(' ')
    : `Vehicle #${t.vehicleId}`;

/**
 * Recent transactions: vehicle, date, amount and a status badge, green when completed (docs/product.md §2);
 * then the life of each sale (docs/design.md §8): payment, title (with tracking), pickup (with the gate
 * pass), guarantee, the bill of sale, the timeline, and the dealer's two steps.
 */
/** `canAct`: false for a team viewer, who sees sales and documents but takes no step. */
export function TransactionsSection({
  transactions,
  canAct = true,
}: {
  transactions: DealerTransaction[];
  canAct?: boolean;
}) {
  return (
    <DashboardSection id="transactions" title="Recent transactions">
      {transactions.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No transactions yet. Vehicles you buy appear here.</p>
      ) : (
        <ul className="mt-3 grid gap-4">
          {transactions.map((t) => (
            <TransactionCard key={t.id} transaction={t} canAct={canAct} />
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-slate-800">{children}</dd>
    </div>
  );
}

function TransactionCard({ transaction: t, canAct }: { transaction: DealerTransaction; canAct: boolean }) {
  const record = useRecordDealerSaleEvent();
  const name = vehicleName(t);
  const confirmTitle = () =>
    record.mutate(
      { id: t.id, body: { type: 'title_confirmed' } },
      {
        onSuccess: () => toast({ title: 'Title receipt confirmed', description: `${name}: thank you.` }),
        onError: (error) => toast({ variant: 'destructive', title: 'Error', description: error.message }),
      },
    );
  return (
    <li className="rounded-xl border border-slate-200 p-4" data-testid={`dealer-transaction-${t.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link href={vehiclePath(t.vehicleId)} className="font-medium text-slate-900 hover:underline">
            {name}
          </Link>
          <p className="text-sm text-slate-600">
            {formatDate(t.createdAt)}
            {t.boughtBy ? ` · ${boughtByText(t.boughtBy)}` : ''}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span className="font-semibold text-slate-900">{formatMoney(t.amount)}</span>
          {/* The server's stage: the same word the admin reads, never "Pending" on a car paid and picked up. */}
          <StageBadge sale={t} />
        </div>
      </div>
      {t.cancelled ? (
        decimalToCents(t.refundOwed) > 0 ? (
          <p className="mt-3 text-sm">
            <PaymentStatus sale={t} />
          </p>
        ) : null
      ) : (
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
          <Fact label="Payment">
            <PaymentStatus sale={t} />
          </Fact>
          <Fact label="Title">
            <TitleStatus sale={t} />
          </Fact>
          <Fact label="Pickup">
            <PickupStatus sale={t} withPlace />
          </Fact>
          {t.claims.length > 0 ? (
            <Fact label="Claims">
              <ClaimList sale={t} />
            </Fact>
          ) : null}
        </dl>
      )}
      <DeliveryPanel sale={t} vehicle={name} canAct={canAct} />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <a href={t.billOfSale} target="_blank" rel="noreferrer" className={buttonClasses('outline', 'sm')}>
          <FileText aria-hidden="true" className="h-4 w-4" />
          Bill of sale<span className="sr-only"> for the {name}</span>
        </a>
        {canAct && !t.cancelled && t.titleStatus === 'sent' ? (
          <Button size="sm" onClick={confirmTitle} disabled={record.isPending}>
            Confirm title received
          </Button>
        ) : null}
        {canAct && t.canRequestUnwind ? <UnwindRequestDialog transactionId={t.id} vehicle={name} /> : null}
        {canAct && t.canOpenClaim ? (
          <OpenClaimDialog
            transactionId={t.id}
            vehicle={name}
            guaranteeEndsAt={t.guaranteeEndsAt}
            timeZone={t.terms.timeZone}
            deliveredByUs={t.transport?.status === 'delivered' || t.deliveryConfirmation !== null}
          />
        ) : null}
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer py-1 text-slate-700">
          {SALE_LABELS.ledger}:{' '}
          {decimalToCents(t.balance) < 0 ? SALE_LABELS.refundOwed.toLowerCase() : 'balance'}{' '}
          {formatAmount(decimalToCents(t.balance) < 0 ? t.refundOwed : t.balance)}
        </summary>
        <div className="mt-2">
          <LedgerTable sale={t} label={`${SALE_LABELS.ledger} of the ${name}`} />
        </div>
      </details>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer py-1 text-slate-700">
          {SALE_LABELS.timeline} ({t.timeline.length})
        </summary>
        <div className="mt-2">
          <SaleTimeline events={t.timeline} label={`${SALE_LABELS.timeline} of the ${name}`} />
        </div>
      </details>
    </li>
  );
}
