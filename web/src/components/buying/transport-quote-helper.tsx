import { DELIVERY_TEXT, zipSchema } from '@contracts/delivery';
import { useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { useTransportQuote } from '@/lib/buying/delivery-quote';
import { QuoteSummary, TRANSPORT_UI_TEXT } from './transport-option';

/**
 * The Make Offer dialog's delivery quote for a signed-in dealer (docs/design.md §15): a ZIP and the
 * trailer give the price and windows, read only. Nothing is ordered with an offer: once it is
 * accepted, delivery is ordered from the sale on the dashboard.
 */
export function TransportQuoteHelper({ vehicleId }: { vehicleId: number }) {
  const [zip, setZip] = useState('');
  const [enclosed, setEnclosed] = useState(false);
  const parsed = zipSchema.safeParse(zip);
  const quote = useTransportQuote(parsed.success ? { vehicleId, toZip: parsed.data, enclosed } : null);
  const current = quote.data && !quote.isPlaceholderData ? quote.data : null;
  return (
    <details className="rounded-xl p-3 ring-1 ring-slate-200">
      <summary className="cursor-pointer py-3 text-sm font-medium text-slate-900">
        {DELIVERY_TEXT.transport}: get a quote
      </summary>
      <div className="mt-2 grid gap-3">
        <p className="text-sm text-slate-600">
          Nothing is ordered with an offer: once it is accepted, order delivery from the sale on your
          dashboard.
        </p>
        <FormField
          label={TRANSPORT_UI_TEXT.zip}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          value={zip}
          onChange={(event) => setZip(event.target.value)}
        />
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-5 w-5 shrink-0 accent-brand-600"
            checked={enclosed}
            onChange={(event) => setEnclosed(event.target.checked)}
          />
          {DELIVERY_TEXT.enclosed}
        </label>
        <div aria-live="polite">
          {quote.isError ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {quote.error.message}
            </p>
          ) : current ? (
            <QuoteSummary quote={current} />
          ) : quote.isFetching ? (
            <p className="text-sm text-slate-600">{TRANSPORT_UI_TEXT.quoting}</p>
          ) : null}
        </div>
      </div>
    </details>
  );
}
