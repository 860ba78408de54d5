import { KeyRound, X } from 'lucide-react';
import type { CreatedDealer } from '../../api/create-dealer';
import { CopyCodeButton } from '../common/copy-code-button';

/** After adding a dealer, its first buy code, shown prominently so it can be handed over. */
export function NewDealerCode({ dealer, onDismiss }: { dealer: CreatedDealer; onDismiss: () => void }) {
  return (
    <div
      role="status"
      data-testid="new-dealer-code"
      className="relative flex flex-wrap items-center gap-4 rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-300 sm:p-5"
    >
      <KeyRound aria-hidden="true" className="h-8 w-8 shrink-0 text-emerald-700" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-emerald-900">{dealer.dealerName} was added. Their buy code:</p>
        <div className="mt-1 flex items-center gap-2">
          <span
            className="font-mono text-3xl font-bold tracking-[0.3em] text-slate-950"
            data-testid="new-buy-code"
          >
            {dealer.buyCode.code}
          </span>
          <CopyCodeButton code={dealer.buyCode.code} />
        </div>
        <p className="mt-1 text-xs text-emerald-900">
          Share it with the dealer; it also appears under their buy codes.
        </p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss the new buy code"
        className="absolute right-2 top-2 rounded-md p-1.5 text-emerald-900 hover:bg-emerald-100"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
