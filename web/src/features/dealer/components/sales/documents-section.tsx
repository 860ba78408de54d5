import type { DealerTransaction } from '@contracts/buying';
import { titleToConfirm } from '@contracts/dealer-tasks';
import { FileText } from 'lucide-react';
import { GatePassStatus, hasGatePass, TitleStatus } from '@/components/sale-status';
import { Button, buttonClasses } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useRecordDealerSaleEvent } from '../../api/dealer-portal';
import { DASHBOARD_SECTIONS } from '../../dashboard-sections';
import { saleName } from '../../sale-tasks';
import { Fact, type SalesProps, SalesSection } from './sale-list';

/**
 * Dashboard → Documents (issue #46): each purchase's papers — the bill of sale to download (the
 * generated one or the signed copy), the title (where it is, its tracking) with "Confirm title
 * received" once it was sent, and the gate pass that releases the car while it is valid (or why it
 * was withdrawn). A viewer reads them. Paged; `#documents-123` (the sale's id) brings one forward.
 */
export function DocumentsSection({ canAct }: SalesProps) {
  return (
    <SalesSection
      section={DASHBOARD_SECTIONS.documents}
      item="saleDocuments"
      what="documents"
      empty="No documents yet. Each purchase’s bill of sale and title appear here."
    >
      {(t) => <SaleDocuments sale={t} canAct={canAct} />}
    </SalesSection>
  );
}

function SaleDocuments({ sale: t, canAct }: { sale: DealerTransaction; canAct: boolean }) {
  const record = useRecordDealerSaleEvent();
  const name = saleName(t);
  const confirmTitle = () =>
    // Through the promise (docs/conventions.md habit 6): the toast must come even if refreshed sales
    // (a live change may bring them first) have re-rendered this sale's card without the button.
    record.mutateAsync({ id: t.id, body: { type: 'title_confirmed' } }).then(
      () => toast({ title: 'Title receipt confirmed', description: `${name}: thank you.` }),
      (error: Error) => toast({ variant: 'destructive', title: 'Error', description: error.message }),
    );
  return (
    <>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <Fact label="Title">
          <TitleStatus sale={t} />
        </Fact>
        {hasGatePass(t) ? (
          <Fact label="Gate pass">
            <GatePassStatus sale={t} />
          </Fact>
        ) : null}
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <a href={t.billOfSale} target="_blank" rel="noreferrer" className={buttonClasses('outline', 'sm')}>
          <FileText aria-hidden="true" className="h-4 w-4" />
          Bill of sale<span className="sr-only"> for the {name}</span>
        </a>
        {canAct && titleToConfirm(t) ? (
          <Button size="sm" onClick={confirmTitle} disabled={record.isPending}>
            Confirm title received
          </Button>
        ) : null}
      </div>
    </>
  );
}
