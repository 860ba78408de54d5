import { centsToDecimal, decimalToCents } from '@contracts/money';
import { formatMoney } from '@/lib/format';
import { formatDay } from '@/lib/time-left';

/** The figures of certified delivery as the dialogs and the dashboard word them (DESIGN.md §15). */

/** "Dec 1, 2026 – Dec 5, 2026", or one day. */
export const dayWindowText = (window: { from: string; to: string }) =>
  window.from === window.to ? formatDay(window.from) : `${formatDay(window.from)} – ${formatDay(window.to)}`;

/** Decimal amounts added in cents ("16200.00" + "612.00"); nulls count as nothing. */
export const sumOf = (...amounts: (string | null | undefined)[]) =>
  centsToDecimal(amounts.reduce((sum, a) => sum + (a ? decimalToCents(a) : 0), 0));

/** "$16,200 + $1,295 reconditioning + $612 delivery = $18,107" (no reconditioning part at no charge). */
export const deliveryTotalText = (vehicle: string, recon: string | null, delivery: string) =>
  [
    formatMoney(vehicle),
    recon && decimalToCents(recon) > 0 ? ` + ${formatMoney(recon)} reconditioning` : '',
    ` + ${formatMoney(delivery)} delivery = ${formatMoney(sumOf(vehicle, recon, delivery))}`,
  ].join('');
