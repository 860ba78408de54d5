import { cn } from '@/lib/cn';

/*
 * The placeholders of the read-states kit (query-states.tsx): what shows while a read is on its
 * way. No icon and no button here, so the page-loading fallback in the first paint's chunk stays
 * small.
 */

/**
 * A read on its way. Without `rows`: one placeholder block (`className` sizes it, `h-20` unless
 * told) with its label for screen readers only. With `rows`: the label shown to everyone as a
 * status, above that many placeholder rows (a list).
 */
export function Loading({ label, rows, className }: { label: string; rows?: number; className?: string }) {
  if (rows === undefined)
    return (
      <div aria-busy="true" className={cn('animate-pulse rounded-xl bg-slate-100', className ?? 'h-20')}>
        <span className="sr-only">{label}</span>
      </div>
    );
  return (
    <div aria-busy="true" className={cn('grid gap-2', className)}>
      <p role="status" className="text-sm text-slate-600">
        {label}
      </p>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="h-14 animate-pulse rounded-lg bg-slate-100" />
      ))}
    </div>
  );
}

/**
 * Placeholder bars in the shape of what is coming (a card, a page), for the eye only: each shape
 * sizes one bar ('h-5 w-2/3'; 'rounded-lg', 'bg-slate-100' and the like change its look). `as`:
 * the element each bar is ('span' inside a line of text, 'li' inside a list).
 */
export function Bones({
  shapes,
  as: Bar = 'div',
}: {
  shapes: readonly string[];
  as?: 'div' | 'span' | 'li';
}) {
  return shapes.map((shape, i) => (
    <Bar
      // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
      key={i}
      className={cn(
        'animate-pulse',
        /\bbg-/.test(shape) ? '' : 'bg-slate-200',
        /\brounded/.test(shape) ? '' : 'rounded',
        shape,
      )}
    />
  ));
}
