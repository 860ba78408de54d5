import { Bones } from '@/components/ui/placeholders';

/**
 * Shown while a lazily loaded page's code arrives. It fills the screen so the footer starts below
 * the fold and does not jump when the page replaces it (layout shift).
 */
export function PageLoading() {
  return (
    <div className="mx-auto min-h-svh max-w-7xl px-4 py-16 sm:px-6" aria-busy="true">
      <p className="sr-only" role="status">
        Loading…
      </p>
      <Bones shapes={['h-8 w-64', 'mt-4 h-4 w-96 max-w-full bg-slate-100']} />
    </div>
  );
}
