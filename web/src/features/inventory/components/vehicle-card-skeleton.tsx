/** A placeholder card with the real card's proportions, shown six times while loading (docs/product.md §2). */
export function VehicleCardSkeleton() {
  return (
    <div
      data-testid="vehicle-card-skeleton"
      aria-hidden="true"
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="aspect-[16/10] w-full animate-pulse bg-slate-200" />
      <div className="grid gap-3 p-4 sm:p-5">
        <div className="h-5 w-2/3 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-1/3 animate-pulse rounded bg-slate-100" />
        <div className="h-7 w-1/2 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-full animate-pulse rounded bg-slate-100" />
        <div className="h-4 w-5/6 animate-pulse rounded bg-slate-100" />
        <div className="mt-2 grid grid-cols-2 gap-2">
          <div className="h-10 animate-pulse rounded-lg bg-slate-200" />
          <div className="h-10 animate-pulse rounded-lg bg-slate-100" />
        </div>
      </div>
    </div>
  );
}
