import { Bones } from '@/components/ui/placeholders';

/** A placeholder card with the real card's proportions, shown six times while loading (docs/product.md §2). */
export function VehicleCardSkeleton() {
  return (
    <div
      data-testid="vehicle-card-skeleton"
      aria-hidden="true"
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <Bones shapes={['aspect-[16/10] w-full rounded-none']} />
      <div className="grid gap-3 p-4 sm:p-5">
        <Bones
          shapes={[
            'h-5 w-2/3',
            'h-4 w-1/3 bg-slate-100',
            'h-7 w-1/2',
            'h-4 w-full bg-slate-100',
            'h-4 w-5/6 bg-slate-100',
          ]}
        />
        <div className="mt-2 grid grid-cols-2 gap-2">
          <Bones shapes={['h-10 rounded-lg', 'h-10 rounded-lg bg-slate-100']} />
        </div>
      </div>
    </div>
  );
}
