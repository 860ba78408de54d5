import { committedTotal } from '@contracts/deal-total';
import { decimalToCents, formatAmount } from '@contracts/money';
import { RECON_PACKAGE_TEXT } from '@contracts/recon-package-texts';
import { useEffect, useId } from 'react';
import { inputClasses } from '@/components/ui/form-field';
import { useReconPackages } from '@/lib/buying/recon-packages';
import { formatMoney } from '@/lib/display/format';

const priceOf = (price: string) => (decimalToCents(price) === 0 ? 'no charge' : formatAmount(price));

/**
 * "Reconditioning" in the Buy Now and Make Offer dialogs (docs/design.md §14): the packages offered, as
 * one native select (one line, so nothing moves under a thumb when the list arrives), what the
 * chosen one covers, and what the sale then costs in all. `value` null until the list arrives; it
 * then starts at the first package (as inspected).
 */
export function ReconPackagePicker({
  value,
  onChange,
  vehiclePrice,
  note,
  refusalOf = () => null,
}: {
  value: number | null;
  onChange: (id: number | null, price: string | null, name: string | null) => void;
  vehiclePrice: string | null;
  /** Under the total (the offer says it is added to the accepted amount). */
  note?: string;
  /** Why a package would take the deal over the buyer's limits (null: it would not): it is disabled, saying why. */
  refusalOf?: (packagePrice: string) => string | null;
}) {
  const id = useId();
  const packages = useReconPackages();
  const list = packages.data ?? [];
  const chosen = list.find((p) => p.id === value) ?? null;
  useEffect(() => {
    // The first package within the buyer's limits, else the first.
    const first = list.find((p) => refusalOf(p.price) === null) ?? list[0];
    if (value === null && first) onChange(first.id, first.price, first.name);
  }, [value, list, onChange, refusalOf]);
  const refusals = new Map(list.map((p) => [p.id, refusalOf(p.price)]));
  const chosenRefusal = chosen ? refusals.get(chosen.id) : null;
  const someRefused = [...refusals.values()].find((reason) => reason !== null);
  const total =
    chosen && vehiclePrice !== null
      ? committedTotal({ price: vehiclePrice, reconditioning: chosen.price })
      : null;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {RECON_PACKAGE_TEXT.choose}
      </label>
      <select
        id={id}
        className={inputClasses}
        value={value ?? ''}
        disabled={!packages.data}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const next = list.find((p) => String(p.id) === event.target.value) ?? null;
          onChange(next?.id ?? null, next?.price ?? null, next?.name ?? null);
        }}
      >
        {packages.data ? null : (
          <option value="">{packages.isError ? 'As inspected' : 'Loading packages…'}</option>
        )}
        {list.map((p) => (
          <option key={p.id} value={p.id} disabled={refusals.get(p.id) !== null}>
            {p.name} · {priceOf(p.price)}
            {refusals.get(p.id) !== null ? ' (over your limit)' : ''}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="min-h-10 text-sm text-slate-600">
        {chosen
          ? `${chosen.description}${chosen.promisedDays > 0 ? ` Ready in ${chosen.promisedDays} business ${chosen.promisedDays === 1 ? 'day' : 'days'}.` : ''}`
          : RECON_PACKAGE_TEXT.chooseHint}
        {chosen && total && decimalToCents(chosen.price) > 0 ? (
          <span className="mt-1 block font-medium text-slate-900">
            {RECON_PACKAGE_TEXT.total(
              formatMoney(vehiclePrice),
              formatAmount(chosen.price),
              formatAmount(total),
            )}
          </span>
        ) : null}
        {note && chosen && decimalToCents(chosen.price) > 0 ? <span className="block">{note}</span> : null}
        {someRefused ? (
          <span className="mt-1 block font-medium text-amber-800" data-testid="package-limit">
            {chosenRefusal ?? `Packages marked “over your limit” cannot be chosen: ${someRefused}.`}
          </span>
        ) : null}
      </p>
    </div>
  );
}
