/**
 * The detail page's shape while it loads (docs/product.md §2: loading skeleton). It fills the screen, as the
 * page-loading placeholder does, so the footer starts below the fold and does not jump when the
 * vehicle arrives (layout shift): the page's code is in before the first render, so this skeleton,
 * not the placeholder, is what the first paint shows.
 */
export function VehiclePageSkeleton() {
  return (
    <div
      className="mx-auto min-h-svh max-w-7xl px-4 py-6 sm:px-6 sm:py-8"
      aria-busy="true"
      data-testid="vehicle-skeleton"
    >
      <p role="status" className="sr-only">
        Loading vehicle…
      </p>
      <div aria-hidden="true">
        <div className="h-4 w-32 animate-pulse rounded bg-slate-200" />
        <div className="mt-6 h-8 w-72 max-w-full animate-pulse rounded bg-slate-200" />
        <div className="mt-3 h-4 w-56 animate-pulse rounded bg-slate-100" />
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="aspect-[16/10] w-full animate-pulse rounded-2xl bg-slate-200" />
          <div className="grid content-start gap-3 rounded-2xl border border-slate-200 p-6">
            <div className="h-9 w-40 animate-pulse rounded bg-slate-200" />
            <div className="h-4 w-28 animate-pulse rounded bg-slate-100" />
            <div className="mt-3 h-12 animate-pulse rounded-lg bg-slate-200" />
            <div className="h-12 animate-pulse rounded-lg bg-slate-100" />
          </div>
        </div>
      </div>
    </div>
  );
}
