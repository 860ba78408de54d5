import type { DealerTransaction } from '@contracts/buying';
import { dealerItemPath } from '@contracts/dealer-dashboard';
import { FileText, Truck } from 'lucide-react';
import { Link } from 'wouter';
import { ClaimList, LedgerTable, PaymentStatus, PickupStatus, TitleStatus } from '@/components/sale-status';
import { SaleTimeline } from '@/components/sale-timeline';
import { buttonClasses } from '@/components/ui/button';
import { decimalToCents, formatAmount, SALE_LABELS } from '@/lib/display/sale-state';
import { DASHBOARD_SECTIONS } from '../../dashboard-sections';
import { saleName } from '../../sale-tasks';
import { AddEvidenceDialog } from './add-evidence-dialog';
import { OpenClaimDialog } from './open-claim-dialog';
import { Fact, type SalesProps, SalesSection } from './sale-list';
import { UnwindRequestDialog } from './unwind-request-dialog';

/**
 * Dashboard → Purchases → Recent transactions: vehicle, date, amount and a status badge, green when
 * completed (docs/product.md §2); then the life of each sale (docs/design.md §8): payment, title
 * (with tracking), pickup (with the gate pass), guarantee, claims, the ledger and the timeline, and
 * the dealer's steps on them. Its delivery and its documents are in their own sections, a tap away.
 * `canAct`: false for a team viewer, who sees sales but takes no step. Paged; a link to a sale
 * (`#sale-123`) opens its page and brings it forward.
 */
export function TransactionsSection({ canAct }: SalesProps) {
  return (
    <SalesSection
      section={DASHBOARD_SECTIONS.transactions}
      item="sale"
      what="transactions"
      empty="No transactions yet. Vehicles you buy appear here."
    >
      {(t) => <SaleFacts sale={t} canAct={canAct} />}
    </SalesSection>
  );
}

/** What a sale stands at and the dealer's steps on it, under its first line. */
function SaleFacts({ sale: t, canAct }: { sale: DealerTransaction; canAct: boolean }) {
  const name = saleName(t);
  return (
    <>
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
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {/* Its delivery and its documents, in their sections: a tap away. */}
        {t.cancelled ? null : (
          <Link href={dealerItemPath('delivery', t.id)} className={buttonClasses('outline', 'sm')}>
            <Truck aria-hidden="true" className="h-4 w-4" />
            Delivery<span className="sr-only"> of the {name}</span>
          </Link>
        )}
        <Link href={dealerItemPath('saleDocuments', t.id)} className={buttonClasses('outline', 'sm')}>
          <FileText aria-hidden="true" className="h-4 w-4" />
          Documents<span className="sr-only"> of the {name}</span>
        </Link>
        {canAct && t.canRequestUnwind ? <UnwindRequestDialog transactionId={t.id} vehicle={name} /> : null}
        {canAct && t.canOpenClaim ? (
          <OpenClaimDialog
            transactionId={t.id}
            vehicle={name}
            guaranteeEndsAt={t.guaranteeEndsAt}
            timeZone={t.terms.timeZone}
            deliveredByUs={t.transport?.status === 'delivered' || t.deliveryConfirmation !== null}
            guarantee={t.terms.guarantee}
          />
        ) : null}
        {canAct
          ? t.claims
              .filter((claim) => claim.case.stage === 'awaiting_evidence')
              .map((claim) => (
                <AddEvidenceDialog
                  key={claim.id}
                  transactionId={t.id}
                  vehicle={name}
                  claim={claim}
                  sla={t.terms.claimSla}
                />
              ))
          : null}
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
    </>
  );
}
