import { formatWeekdayDay } from '@contracts/dates';
import type { SaleTermsPreview } from '@contracts/sale-terms';
import { formatMoney } from '@/lib/display/format';
import { GuaranteeLines, guaranteeOf } from './guarantee-terms';

/** "2026-07-08" → "Wed, Jul 8" (a calendar date: no time zone moves it). */
export const formatDueDate = (isoDate: string) => formatWeekdayDay(isoDate);

const businessDays = (n: number) => (n === 1 ? '1 business day' : `${n} business days`);

/** What a purchase of this vehicle commits to: the vehicle, its price, and the terms that will apply (docs/design.md §8). */
export function PurchaseTerms({
  vehicleTitle,
  price,
  condition,
  terms,
}: {
  vehicleTitle: string;
  price: string | null;
  /** The car's certification: its level's guarantee is the one shown (ADR 0040). */
  condition: string | null | undefined;
  terms: SaleTermsPreview | undefined;
}) {
  return (
    <dl
      className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3 text-sm"
      data-testid="purchase-terms"
    >
      <dt className="text-slate-600">Vehicle</dt>
      <dd className="font-medium text-slate-900">{vehicleTitle}</dd>
      <dt className="text-slate-600">Price</dt>
      <dd className="font-semibold text-slate-900">{formatMoney(price)}</dd>
      <dt className="text-slate-600">Payment</dt>
      <dd className="text-slate-900">
        {terms
          ? `Due by ${formatDueDate(terms.paymentDueOn)} (${businessDays(terms.terms.paymentDays)})`
          : 'Loading the terms…'}
        {terms && terms.terms.lateFeePercent > 0 ? `, then a ${terms.terms.lateFeePercent}% late fee` : ''}
      </dd>
      <dt className="text-slate-600">Title</dt>
      <dd className="text-slate-900">
        {terms
          ? `Sent by ${formatDueDate(terms.titleDueOnWithDeal)} when it comes with the car (${businessDays(terms.terms.titleDaysWithDeal)}), else by ${formatDueDate(terms.titleDueOnAbsent)} (${businessDays(terms.terms.titleDaysAbsent)})`
          : null}
      </dd>
      {terms ? (
        <>
          <dt className="text-slate-600">Guarantee</dt>
          <dd className="text-slate-900">
            <GuaranteeLines guarantee={guaranteeOf(terms, condition)} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}
