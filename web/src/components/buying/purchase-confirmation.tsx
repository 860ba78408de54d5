import { BUYING_TEXT } from '@contracts/buying';
import { dealerItemPath } from '@contracts/dealer-dashboard';
import { LayoutDashboard } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useSaleTerms } from '@/lib/buying/get-sale-terms';
import type { PurchasedVehicle } from '@/lib/buying/purchased-vehicle';
import { formatMoney } from '@/lib/display/format';
import { formatPrice } from './delivery-figures';
import { formatDueDate } from './purchase-terms';

/** After Buy Now: what was bought, what happens next, and the way to the dashboard (issue #26). */
export function PurchaseConfirmation({
  vehicle,
  saleId,
  onClose,
}: {
  vehicle: PurchasedVehicle;
  /** The sale the purchase made: the dashboard opens on it (Purchases). */
  saleId: number | null;
  onClose: () => void;
}) {
  const terms = useSaleTerms().data;
  const checkout = vehicle.checkout;
  const total = checkout ? checkout.total : vehicle.price;
  const extras = [
    checkout?.reconName ? 'reconditioning' : null,
    checkout?.deliveryTo ? 'delivery' : null,
  ].filter(Boolean);
  const release = checkout?.floorPlanLine ? 'Once the lender approves (or you pay)' : 'Once paid';
  const readyBy = checkout?.reconName ? `${release} and the ${checkout.reconName} work is done` : release;
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
          <strong className="text-slate-900">{formatMoney(vehicle.price)}</strong>
          {extras.length > 0 ? (
            <>
              ; with {extras.join(' and ')}{' '}
              {total ? (
                <strong className="text-slate-900">{formatPrice(total)}</strong>
              ) : (
                'priced on your dashboard'
              )}
            </>
          ) : null}
          .
        </p>
        <div>
          <h3 className="font-semibold text-slate-900">What happens next</h3>
          <ol className="mt-2 grid list-decimal gap-1 pl-5">
            {checkout?.floorPlanLine ? (
              <li>
                We asked {checkout.floorPlanLine} to pay {total ? formatPrice(total) : 'the total'}; your
                dashboard shows the lender's answer.
              </li>
            ) : (
              <li>
                Pay {total ? formatPrice(total) : formatMoney(vehicle.price)}
                {terms ? ` by ${formatDueDate(terms.paymentDueOn)}` : ''}; our team contacts you with the
                details.
              </li>
            )}
            {checkout?.deliveryTo ? (
              <li>
                {readyBy}, a carrier picks the car up and brings it to {checkout.deliveryTo}; follow it on
                your dashboard and confirm its arrival there.
              </li>
            ) : (
              <li>{readyBy}, your dashboard shows the gate pass to pick the car up.</li>
            )}
            <li>
              The title is sent
              {terms
                ? ` by ${formatDueDate(terms.titleDueOnWithDeal)} when it comes with the car, else by ${formatDueDate(terms.titleDueOnAbsent)}`
                : ' as soon as we have it'}
              .
            </li>
          </ol>
        </div>
        <Link
          href={dealerItemPath('sale', saleId)}
          onClick={onClose}
          className={buttonClasses('primary', 'lg')}
        >
          <LayoutDashboard aria-hidden="true" className="h-4 w-4" />
          Go to your dashboard
        </Link>
      </div>
    </Modal>
  );
}
