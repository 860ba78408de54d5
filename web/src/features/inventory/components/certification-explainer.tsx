import { BadgeCheck, ExternalLink, ShieldCheck } from 'lucide-react';
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

/** The two certification levels and a link to the full documentation (spec §2). */
export const CertificationExplainer = memo(function CertificationExplainer() {
  return (
    <section
      aria-labelledby="certification-levels"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="certification-levels" className="text-base font-semibold text-slate-900">
          {INVENTORY_TEXTS.certificationTitle}
        </h2>
        <div className="hidden sm:block">
          <DocsLink className="" />
        </div>
      </div>
      <ul className="mt-4 grid gap-3 md:grid-cols-2">
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
      <DocsLink className="mt-3 w-full sm:hidden" />
    </section>
  );
});
