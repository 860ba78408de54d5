import { BadgeCheck, ChevronDown, ExternalLink, ShieldCheck } from 'lucide-react';
import { memo } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { brand } from '@/lib/brand';
import { INVENTORY_TEXTS } from '../inventory-texts';

const LEVELS = [
  { ...INVENTORY_TEXTS.premium, Icon: BadgeCheck, tone: 'bg-amber-100 text-amber-900 ring-amber-300' },
  { ...INVENTORY_TEXTS.auction, Icon: ShieldCheck, tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
];

function DocsLink({ className }: { className: string }) {
  return (
    <a
      href={brand.certificationDocsUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClasses('outline', 'sm', className)}
    >
      {INVENTORY_TEXTS.certificationDocs}
      <ExternalLink aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function Levels({ className }: { className: string }) {
  return (
    <ul className={className}>
      {LEVELS.map(({ label, level, text, Icon, tone }) => (
        <li key={label} className="flex gap-3 rounded-xl bg-slate-50 p-3 sm:items-center sm:px-3 sm:py-2">
          <span
            className={`hidden h-8 w-8 shrink-0 items-center justify-center rounded-full ring-1 sm:flex ${tone}`}
          >
            <Icon aria-hidden="true" className="h-4 w-4" />
          </span>
          <div className="min-w-0">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold text-slate-900">
              {label}
              <span className="text-xs font-medium uppercase tracking-wide text-slate-500">{level}</span>
            </p>
            <p className="mt-0.5 text-sm text-slate-600">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The two certification levels and a link to the full documentation (docs/product.md §2), on
 * wider screens: open but compact, the heading, the two levels and the link side by side, a strip
 * above the toolbar rather than a panel. Phones have CertificationPopover instead.
 */
export const CertificationExplainer = memo(function CertificationExplainer() {
  return (
    <section
      aria-labelledby="certification-levels"
      className="hidden gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:grid lg:grid-cols-[auto_minmax(0,1fr)] lg:items-center"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 lg:grid lg:justify-items-start">
        <h2 id="certification-levels" className="text-sm font-semibold text-slate-900">
          {INVENTORY_TEXTS.certificationTitle}
        </h2>
        <DocsLink className="" />
      </div>
      <Levels className="grid gap-2 md:grid-cols-2" />
    </section>
  );
});

/**
 * The explainer on a phone: folded into a small button beside the page's title (a native
 * disclosure, closed, so it opens before the page's code has run), its levels and link opening
 * over the page below it. The first screen keeps its room for cars.
 */
export const CertificationPopover = memo(function CertificationPopover() {
  return (
    <details className="group relative sm:hidden">
      <summary className="flex h-9 cursor-pointer list-none items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-3 text-sm font-semibold text-slate-900 shadow-sm [&::-webkit-details-marker]:hidden">
        <BadgeCheck aria-hidden="true" className="h-4 w-4 text-amber-700" />
        <span className="sr-only">Certification </span>
        {INVENTORY_TEXTS.certificationShort}
        <ChevronDown
          aria-hidden="true"
          className="h-4 w-4 text-slate-500 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="absolute right-0 top-full z-20 mt-2 w-[calc(100vw-2rem)] max-w-sm rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
        <p className="mb-2 text-sm font-semibold text-slate-900">{INVENTORY_TEXTS.certificationTitle}</p>
        <Levels className="grid gap-3" />
        <DocsLink className="mt-3 w-full" />
      </div>
    </details>
  );
});
