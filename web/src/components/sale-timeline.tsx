import type { SaleEvent } from '@contracts/after-sale';
import { SALE_ACTORS } from '@/lib/display/sale-state';
import { formatDateTime } from '@/lib/display/time-left';

/** The steps of a sale, oldest first: when, who, what (the admin's details and the dealer's card). */
export function SaleTimeline({ events, label }: { events: readonly SaleEvent[]; label: string }) {
  return (
    <ol aria-label={label} className="grid gap-2 border-l-2 border-slate-200 pl-3 text-sm">
      {events.map((event) => (
        <li key={`${event.type}-${event.id}`} className="grid gap-0.5">
          <span className="text-xs text-slate-600">
            <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {SALE_ACTORS[event.by]}
          </span>
          <span className="break-words text-slate-900">{event.summary}</span>
        </li>
      ))}
    </ol>
  );
}
