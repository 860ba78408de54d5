import type { ReactNode } from 'react';

export function PageHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 sm:pt-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {children ? <div className="mt-2 text-slate-600">{children}</div> : null}
    </div>
  );
}
