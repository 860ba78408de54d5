import { CarFront, CircleAlert, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { type FailedRead, RetryButton } from '@/components/ui/retry-button';
import { INVENTORY_TEXTS } from '../inventory-texts';

/** The two empty states of docs/product.md §2: a search or filter found nothing, or there is no inventory. */
export function EmptyState({ isFiltered, onClear }: { isFiltered: boolean; onClear: () => void }) {
  const Icon = isFiltered ? SearchX : CarFront;
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <Icon aria-hidden="true" className="h-10 w-10 text-slate-400" strokeWidth={1.5} />
      <h3 className="mt-4 text-lg font-semibold text-slate-900">
        {isFiltered ? INVENTORY_TEXTS.noResultsTitle : INVENTORY_TEXTS.emptyTitle}
      </h3>
      <p className="mt-1 text-slate-600">
        {isFiltered ? INVENTORY_TEXTS.noResultsText : INVENTORY_TEXTS.emptyText}
      </p>
      {isFiltered ? (
        <Button variant="outline" className="mt-6" onClick={onClear}>
          {INVENTORY_TEXTS.clearFilters}
        </Button>
      ) : null}
    </div>
  );
}

export function LoadErrorState({ read }: { read: FailedRead }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-2xl border border-red-200 bg-red-50 px-6 py-12 text-center"
    >
      <CircleAlert aria-hidden="true" className="h-10 w-10 text-red-600" strokeWidth={1.5} />
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{INVENTORY_TEXTS.loadErrorTitle}</h3>
      <p className="mt-1 max-w-md text-slate-700">{read.error?.message}</p>
      <RetryButton read={read} className="mt-6">
        {INVENTORY_TEXTS.retry}
      </RetryButton>
    </div>
  );
}
