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

function Levels() {
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {LEVELS.map(({ label, level, text, Icon, tone }) => (
        <li key={label} className="flex gap-3 rounded-xl bg-slate-50 p-3 sm:p-4">
          <span
            className={`hidden h-9 w-9 shrink-0 items-center justify-center rounded-full ring-1 sm:flex ${tone}`}
          >
            <Icon aria-hidden="true" className="h-5 w-5" />
          </span>
          <div>
            <p className="flex flex-wrap items-baseline gap-x-2 font-semibold text-slate-900">
              {label}
              <span className="text-xs font-medium uppercase tracking-wide text-slate-500">{level}</span>
            </p>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The two certification levels and a link to the full documentation (docs/product.md §2). On a phone it is
 * folded into one line (a native disclosure, so it opens before the page's code has run) and the
 * first screen shows cars; wider screens show it open.
 */
export const CertificationExplainer = memo(function CertificationExplainer() {
  return (
    <>
      <details className="group rounded-xl border border-slate-200 bg-white shadow-sm sm:hidden">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 px-4 py-2 text-sm font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
          <span className="flex items-center gap-2">
            <BadgeCheck aria-hidden="true" className="h-4 w-4 text-amber-700" />
            {INVENTORY_TEXTS.certificationTitle}
          </span>
          <ChevronDown
            aria-hidden="true"
            className="h-4 w-4 text-slate-500 transition-transform group-open:rotate-180"
          />
        </summary>
        <div className="px-3 pb-3">
          <Levels />
          <DocsLink className="mt-3 w-full" />
        </div>
      </details>
      <section
        aria-labelledby="certification-levels"
        className="hidden rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:block"
      >
        <div className="mb-4 flex items-center justify-between gap-3">
          <h2 id="certification-levels" className="text-base font-semibold text-slate-900">
            {INVENTORY_TEXTS.certificationTitle}
          </h2>
          <DocsLink className="" />
        </div>
        <Levels />
      </section>
    </>
  );
});
