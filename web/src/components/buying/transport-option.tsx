import {
  DELIVERY_TEXT,
  isZipUnknownRefusal,
  type TransportQuote,
  type TransportRequest,
  transportRequestSchema,
  zipSchema,
} from '@contracts/delivery';
import { formatMi } from '@contracts/mileage-format';
import { useId, useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { useTransportQuote } from '@/lib/buying/delivery-quote';
import { dayWindowText, deliveryTotalText, formatPrice } from './delivery-figures';

/** The dialogs' own words around the contract's texts. */
export const TRANSPORT_UI_TEXT = {
  zip: 'Delivery ZIP',
  address: 'Delivery address',
  addressHint: 'Street and city at that ZIP.',
  quoting: 'Getting a delivery quote…',
  quotedAtPurchase:
    'Quoted when you buy: the price from the car’s location to this ZIP is added to the sale and shown on your dashboard.',
  pickup: 'Pickup',
  delivery: 'Delivery',
  breakdown: 'How the price is made',
  miles: (miles: number) => formatMi(miles),
} as const;

/** What a quote says: price, distance, the route, the windows, how the price is made, who arranges it. */
export function QuoteSummary({ quote }: { quote: TransportQuote }) {
  return (
    <div className="grid gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200">
      <p className="font-semibold text-slate-900">
        {formatPrice(quote.price)} · {TRANSPORT_UI_TEXT.miles(quote.miles)}
        {quote.enclosed ? ` · ${DELIVERY_TEXT.enclosed}` : ''}
      </p>
      <p className="break-words">
        {quote.fromPlace} ({quote.fromZip}) <span aria-hidden="true">→</span>
        <span className="sr-only">to</span> {quote.toPlace} ({quote.toZip})
      </p>
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">
            {TRANSPORT_UI_TEXT.pickup}
          </dt>
          <dd>{dayWindowText(quote.pickupWindow)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">
            {TRANSPORT_UI_TEXT.delivery}
          </dt>
          <dd>{dayWindowText(quote.deliveryWindow)}</dd>
        </div>
      </dl>
      {quote.breakdown.length > 0 ? (
        <details>
          <summary className="cursor-pointer py-3 text-slate-700">{TRANSPORT_UI_TEXT.breakdown}</summary>
          <ul className="grid gap-1">
            {quote.breakdown.map((line) => (
              <li key={line.label} className="flex justify-between gap-3">
                <span className="min-w-0 break-words">{line.label}</span>
                <span className="tabular-nums">{formatPrice(line.amount)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {quote.arrangedBy === 'team' ? <p className="text-slate-600">{DELIVERY_TEXT.arrangedByTeam}</p> : null}
    </div>
  );
}

export interface TransportChoice {
  on: boolean;
  zip: string;
  enclosed: boolean;
  address: string;
}
const NONE: TransportChoice = { on: false, zip: '', enclosed: false, address: '' };

/**
 * Certified delivery as chosen in the Buy Now dialog: the form's values, what is sent (the
 * contract's own parse), and, for a signed-in dealer, the quote for the car to that ZIP. Without a
 * session nothing can be quoted (the endpoint is a dealer's): the price is set at purchase.
 */
export function useTransportChoice(
  target: { vehicleId: number; reconPackageId?: number } | { transactionId: number },
  canQuote: boolean,
  initiallyOn = false,
  /** The dealership's delivery ZIP (the card's delivered price): filled in when delivery is turned on. */
  defaultZip: string | null = null,
) {
  const [choice, setChoice] = useState<TransportChoice>({ ...NONE, on: initiallyOn });
  const [showErrors, setShowErrors] = useState(false);
  const zip = zipSchema.safeParse(choice.zip);
  const parsed = transportRequestSchema.safeParse({
    toZip: choice.zip,
    enclosed: choice.enclosed,
    address: choice.address,
  });
  const quote = useTransportQuote(
    canQuote && choice.on && zip.success ? { ...target, toZip: zip.data, enclosed: choice.enclosed } : null,
  );
  const current = quote.data && !quote.isPlaceholderData ? quote.data : null;
  const problem = quote.isError ? quote.error.message : null;
  // A ZIP the server does not know (its one ZIP rule) is the ZIP field's error, as on every form.
  const zipRefused = problem !== null && isZipUnknownRefusal(problem) ? problem : undefined;
  const quoteProblem = zipRefused ? null : problem;
  const issues = parsed.success ? [] : parsed.error.issues;
  const problemOf = (field: keyof TransportRequest) => issues.find((i) => i.path[0] === field)?.message;
  /** What Buy sends; null while the form cannot be sent (`reveal` then says why). */
  const request: TransportRequest | null | undefined = !choice.on
    ? undefined
    : parsed.success && (!canQuote || current)
      ? parsed.data
      : null;
  return {
    choice,
    update: (change: Partial<TransportChoice>) =>
      setChoice((c) => ({
        ...c,
        ...change,
        ...(change.on && !c.zip && defaultZip ? { zip: defaultZip } : {}),
      })),
    canQuote,
    quote: current,
    quoting: canQuote && choice.on && zip.success && quote.isFetching,
    quoteProblem,
    errors: showErrors
      ? { zip: problemOf('toZip') ?? zipRefused, address: problemOf('address') }
      : { zip: zipRefused },
    request,
    /** The delivery price once quoted (null: none, or not known before the purchase). */
    price: choice.on ? (current?.price ?? null) : null,
    reveal: () => setShowErrors(true),
    reset: () => {
      setChoice({ ...NONE, on: initiallyOn });
      setShowErrors(false);
    },
  };
}
export type TransportChoiceState = ReturnType<typeof useTransportChoice>;

/**
 * "Certified delivery" in the Buy Now dialog (docs/design.md §15): a switch, then the delivery ZIP,
 * address and trailer; a signed-in dealer sees the quote and the sale's total with it.
 */
export function TransportOption({
  state,
  vehiclePrice,
  reconPrice,
  refusal = null,
}: {
  state: TransportChoiceState;
  vehiclePrice: string | null;
  reconPrice: string | null;
  /** Why delivery to the dealership's ZIP would take the deal over the buyer's limits: not offered, said why. */
  refusal?: string | null;
}) {
  const id = useId();
  const { choice, update } = state;
  const isRefused = refusal !== null && !choice.on;
  return (
    <div className="grid gap-3 rounded-xl p-3 ring-1 ring-slate-200">
      <label className="flex min-h-11 cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
          checked={choice.on}
          disabled={isRefused}
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-hint`}
          onChange={(event) => update({ on: event.target.checked })}
        />
        <span className="grid">
          <span id={`${id}-title`} className="text-sm font-medium text-slate-900">
            {DELIVERY_TEXT.transport}
          </span>
          <span id={`${id}-hint`} className="text-sm text-slate-600">
            {DELIVERY_TEXT.transportHint}
            {isRefused ? (
              <span className="mt-1 block font-medium text-amber-800" data-testid="delivery-limit">
                {refusal}
              </span>
            ) : null}
          </span>
        </span>
      </label>
      {choice.on ? (
        <TransportFields state={state} vehiclePrice={vehiclePrice} reconPrice={reconPrice} />
      ) : null}
    </div>
  );
}

/**
 * The delivery's ZIP, address and trailer, and what it costs: the quote and, with the car's price,
 * the sale's total. Shared by the Buy Now dialog and the dashboard's "Order certified delivery".
 */
export function TransportFields({
  state,
  vehiclePrice = null,
  reconPrice = null,
}: {
  state: TransportChoiceState;
  vehiclePrice?: string | null;
  reconPrice?: string | null;
}) {
  const { choice, update, errors, quote } = state;
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[9rem_minmax(0,1fr)] sm:items-start">
        <FormField
          label={TRANSPORT_UI_TEXT.zip}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          value={choice.zip}
          error={errors.zip}
          onChange={(event) => update({ zip: event.target.value })}
        />
        <FormField
          label={TRANSPORT_UI_TEXT.address}
          hint={TRANSPORT_UI_TEXT.addressHint}
          autoComplete="street-address"
          maxLength={200}
          value={choice.address}
          error={errors.address}
          onChange={(event) => update({ address: event.target.value })}
        />
      </div>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="h-5 w-5 shrink-0 accent-brand-600"
          checked={choice.enclosed}
          onChange={(event) => update({ enclosed: event.target.checked })}
        />
        {DELIVERY_TEXT.enclosed}
      </label>
      <div aria-live="polite" className="grid gap-2">
        {!state.canQuote ? (
          <p className="text-sm text-slate-600">{TRANSPORT_UI_TEXT.quotedAtPurchase}</p>
        ) : state.quoteProblem ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {state.quoteProblem}
          </p>
        ) : state.quoting && !quote ? (
          <p className="text-sm text-slate-600">{TRANSPORT_UI_TEXT.quoting}</p>
        ) : null}
        {quote && !state.quoteProblem ? (
          <>
            <QuoteSummary quote={quote} />
            {vehiclePrice ? (
              <p className="text-sm font-medium text-slate-900" data-testid="buy-total">
                {deliveryTotalText(vehiclePrice, reconPrice, quote.price)}
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </>
  );
}
