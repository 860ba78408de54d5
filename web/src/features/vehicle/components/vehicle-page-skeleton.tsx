import { Bones } from '@/components/ui/placeholders';

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
        <div className="grid justify-items-start gap-3">
          <Bones shapes={['h-4 w-32', 'mt-3 h-8 w-72 max-w-full', 'h-4 w-56 bg-slate-100']} />
        </div>
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <Bones shapes={['aspect-[16/10] w-full rounded-2xl']} />
          <div className="grid content-start gap-3 rounded-2xl border border-slate-200 p-6">
            <Bones
              shapes={[
                'h-9 w-40',
                'h-4 w-28 bg-slate-100',
                'mt-3 h-12 rounded-lg',
                'h-12 rounded-lg bg-slate-100',
              ]}
            />
          </div>
        </div>
      </div>
    </div>
  );
}
