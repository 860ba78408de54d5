import { BUYING_TEXT } from '@contracts/buying';
import { PAGE_PATHS } from '@contracts/routes';
import { LayoutDashboard } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatMoney } from '@/lib/format';
import { useSaleTerms } from './api/get-sale-terms';
import { formatDueDate } from './purchase-terms';
import type { PurchasedVehicle } from './purchased-vehicle';

/** After Buy Now: what was bought, what happens next, and the way to the dashboard (issue #26). */
export function PurchaseConfirmation({
  vehicle,
  onClose,
}: {
  vehicle: PurchasedVehicle;
  onClose: () => void;
}) {
  const terms = useSaleTerms().data;
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`You bought the ${vehicle.title}`}
      description={BUYING_TEXT.buySuccess}
    >
      <div className="grid gap-4 text-sm text-slate-700" data-testid="purchase-confirmation">
        <p>
          <strong className="text-slate-900">{vehicle.title}</strong> for{' '}
          <strong className="text-slate-900">{formatMoney(vehicle.price)}</strong>.
        </p>
        <div>
          <h3 className="font-semibold text-slate-900">What happens next</h3>
          <ol className="mt-2 grid list-decimal gap-1 pl-5">
            <li>
              Pay {formatMoney(vehicle.price)}
              {terms ? ` by ${formatDueDate(terms.paymentDueOn)}` : ''}; our team contacts you with the
              details.
            </li>
            <li>Once paid, your dashboard shows the gate pass to pick the car up.</li>
            <li>
              The title is sent
              {terms
                ? ` by ${formatDueDate(terms.titleDueOnWithDeal)} when it comes with the car, else by ${formatDueDate(terms.titleDueOnAbsent)}`
                : ' as soon as we have it'}
              .
            </li>
          </ol>
        </div>
        <Link href={PAGE_PATHS.dealerDashboard} onClick={onClose} className={buttonClasses('primary', 'lg')}>
          <LayoutDashboard aria-hidden="true" className="h-4 w-4" />
          Go to your dashboard
        </Link>
      </div>
    </Modal>
  );
}
