import {
  DEALER_DASHBOARD_SECTION_KEYS,
  DEALER_DASHBOARD_SECTIONS,
  dealerDashboardPath,
} from '@contracts/dealer-dashboard';
import type { DealerDashboardSection } from '@contracts/routes';
import { Link } from 'wouter';
import { cn } from '@/lib/cn';

/**
 * The dashboard's sections, each one tap away (issue #46): a link per section with how many items it
 * holds, the current one marked (aria-current). They wrap onto a second line rather than scroll, so
 * a phone shows every one of them too. Plain links: Tab moves through them, Enter opens one.
 */
export function SectionNav({
  current,
  counts,
}: {
  current: DealerDashboardSection;
  counts: Partial<Record<DealerDashboardSection, number>>;
}) {
  return (
    <nav aria-label="Dashboard sections" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {DEALER_DASHBOARD_SECTION_KEYS.map((section) => {
          const here = section === current;
          const count = counts[section];
          return (
            <li key={section}>
              <Link
                href={dealerDashboardPath(section)}
                aria-current={here ? 'page' : undefined}
                className={cn(
                  'inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 ring-inset transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  here
                    ? 'bg-slate-900 text-white ring-slate-900'
                    : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
                )}
              >
                {DEALER_DASHBOARD_SECTIONS[section].title}
                {count === undefined ? null : (
                  <span
                    className={cn(
                      'min-w-6 rounded-full px-1.5 text-center text-xs tabular-nums',
                      here ? 'bg-white/20 text-white' : 'bg-slate-100 text-slate-700',
                    )}
                  >
                    {count}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
