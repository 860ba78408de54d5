import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A titled section of a tab. */
export function Panel({
  title,
  description,
  actions,
  children,
  className,
  headingLevel = 2,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)}>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
          {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <div className="p-4 sm:p-5">{children}</div>
    </section>
  );
}

/** What a list says when it has nothing to show. */
export function EmptyState({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text?: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center">
      <Icon aria-hidden="true" className="h-8 w-8 text-slate-400" />
      <p className="font-semibold text-slate-800">{title}</p>
      {text ? <p className="max-w-sm text-sm text-slate-600">{text}</p> : null}
    </div>
  );
}

/** A list that is loading: a visible label for everyone, placeholder rows for the eye. */
export function LoadingRows({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div aria-busy="true" className="grid gap-2">
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

/** A failed read, with the server's message. */
export function LoadError({ error }: { error: Error }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
      Could not load this list: {error.message}
    </p>
  );
}
