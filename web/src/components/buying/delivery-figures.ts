import { committedTotal } from '@contracts/deal-total';
import { decimalToCents, formatAmount } from '@contracts/money';
import { formatDay } from '@/lib/display/time-left';

/** The figures of certified delivery as the dialogs and the dashboard word them (docs/design.md §15). */

/** "Dec 1, 2026 – Dec 5, 2026", or one day. */
export const dayWindowText = (window: { from: string; to: string }) =>
  window.from === window.to ? formatDay(window.from) : `${formatDay(window.from)} – ${formatDay(window.to)}`;

/** "$1,215.80", "$612": a delivery price has cents, and the dialog must not round what is charged. */
export const formatPrice = (decimal: string) => formatAmount(decimal);

/** "$16,200 + $1,295 reconditioning + $612 delivery = $18,107" (no reconditioning part at no charge). */
export const deliveryTotalText = (vehicle: string, recon: string | null, delivery: string) =>
  [
    formatPrice(vehicle),
    recon && decimalToCents(recon) > 0 ? ` + ${formatPrice(recon)} reconditioning` : '',
    ` + ${formatPrice(delivery)} delivery = ${formatPrice(committedTotal({ price: vehicle, reconditioning: recon, delivery }))}`,
  ].join('');
