import type { DealerInfo } from '@contracts/auth';
import { formatMonthDay } from '@contracts/dates';
import { checkoutLimitRefusal } from '@contracts/deal-total';
import type { DeliveredPrice } from '@contracts/delivered-price';
import { DELIVERED_PRICE_TEXT } from '@contracts/delivered-price-texts';
import { decimalToCents } from '@contracts/money';
import { Truck } from 'lucide-react';
import { Bones } from '@/components/ui/placeholders';
import { useBuyerLimits, useBuyingViewer, useDeliveredPrice } from '@/lib/buying/delivered-price';
import { cn } from '@/lib/cn';
import { formatPrice } from './delivery-figures';

/** "Dec 1 – Dec 5", or one day: a window close at hand, without its year. */
const windowText = (window: { from: string; to: string }) =>
  window.from === window.to
    ? formatMonthDay(window.from)
    : `${formatMonthDay(window.from)} – ${formatMonthDay(window.to)}`;

/** "$21,450 · As inspected · $1,976.45 delivery to 30303": the parts of the delivered price. */
export function deliveredPartsText(price: DeliveredPrice) {
  const recon = price.reconditioning;
  return [
    formatPrice(price.price),
    recon
      ? DELIVERED_PRICE_TEXT.package(
          recon.name,
          decimalToCents(recon.price) > 0 ? formatPrice(recon.price) : '(no charge)',
        )
      : null,
    price.delivery
      ? DELIVERED_PRICE_TEXT.delivery(formatPrice(price.delivery.price), price.delivery.toZip)
      : (price.deliveryProblem ?? DELIVERED_PRICE_TEXT.noDelivery),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "Pickup Dec 1 – Dec 5 · Arrives Dec 3 – Dec 9". */
export const deliveryWindowsText = (delivery: NonNullable<DeliveredPrice['delivery']>) =>
  `${DELIVERED_PRICE_TEXT.pickup} ${windowText(delivery.pickupWindow)} · ${DELIVERED_PRICE_TEXT.arrives} ${windowText(delivery.deliveryWindow)}`;

/**
 * What the car costs the signed-in dealer brought to their lot (issue #46), on a card, a list row
 * and the vehicle page: the total Buy Now with the same choices charges, its parts, the pickup and
 * delivery windows, and, for a member with limits, why it is over them. Nothing for a visitor
 * signed out (nor in the server's HTML); it arrives after the card painted, in a placeholder of its
 * own height, so nothing jumps.
 */
export function DeliveredPriceLine({ vehicleId, compact = false }: { vehicleId: number; compact?: boolean }) {
  const { dealer } = useBuyingViewer();
  // A visitor's card asks nothing: the reads are the signed-in dealer's own component.
  return dealer ? <DealerDeliveredPrice vehicleId={vehicleId} compact={compact} dealer={dealer} /> : null;
}

function DealerDeliveredPrice({
  vehicleId,
  compact,
  dealer,
}: {
  vehicleId: number;
  compact: boolean;
  dealer: DealerInfo;
}) {
  const price = useDeliveredPrice(vehicleId, dealer);
  const limits = useBuyerLimits(dealer);
  const text = compact ? 'text-xs' : 'text-sm';
  if (price.isPending)
    return (
      <span aria-hidden="true" className="grid gap-1" data-testid="delivered-price-loading">
        <Bones as="span" shapes={['h-5 w-44 rounded-full bg-slate-100']} />
        {compact ? null : <Bones as="span" shapes={['h-4 w-56 rounded-full bg-slate-100']} />}
      </span>
    );
  // The card stands without it when it could not be read, or the car is not on sale to this dealer.
  const data = price.data;
  if (!data) return null;
  const over = limits.data ? checkoutLimitRefusal(limits.data, data.total) : null;
  return (
    <div className={cn('grid min-w-0 gap-0.5 text-slate-600', text)} data-testid="delivered-price">
      <p className="flex min-w-0 items-center gap-1.5 font-semibold text-slate-900">
        <Truck
          aria-hidden="true"
          className={cn('shrink-0 text-slate-400', compact ? 'h-3.5 w-3.5' : 'h-4 w-4')}
        />
        <span data-testid="delivered-total">{DELIVERED_PRICE_TEXT.total(formatPrice(data.total))}</span>
      </p>
      <p className={cn('min-w-0 break-words', compact && 'truncate max-sm:hidden')}>
        {deliveredPartsText(data)}
      </p>
      {data.delivery && !compact ? <p className="break-words">{deliveryWindowsText(data.delivery)}</p> : null}
      {over ? <p className="font-medium text-amber-800">{over}</p> : null}
    </div>
  );
}
