import type { ReactNode } from 'react';

/**
 * A titled part of the vehicle page: a section its heading labels (`${id}-heading`). Level 2 for
 * the page's parts (Details, Description, Condition report); level 3 for a white box inside one
 * (Tires, Warning lights, Damage).
 */
export function DetailSection({
  id,
  title,
  level = 2,
  className,
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  level?: 2 | 3;
  /** Level 2 only: the section's own look (level 3 is always a white box). */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className={level === 3 ? 'rounded-xl border border-slate-200 bg-white p-4' : className}
    >
      {level === 3 ? (
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
      ) : (
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}
