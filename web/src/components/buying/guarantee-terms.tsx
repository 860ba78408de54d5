import { certificationLevelOf, type GuaranteeTerms, guaranteeLines } from '@contracts/guarantee';
import type { SaleTermsPreview } from '@contracts/sale-terms';
import { QueryStates } from '@/components/ui/query-states';
import { useGuarantee } from '@/lib/buying/get-sale-terms';

/** The guarantee a car of this certification is sold with, from the terms in force (GET /api/sale-terms). */
export const guaranteeOf = (terms: SaleTermsPreview, condition: string | null | undefined): GuaranteeTerms =>
  terms.guarantees[certificationLevelOf(condition)];

/** The guarantee's lines (contracts/guarantee.ts guaranteeLines): what the bill of sale prints too. */
export function GuaranteeLines({ guarantee }: { guarantee: GuaranteeTerms }) {
  return (
    <ul className="grid gap-1" data-testid="guarantee-terms" data-level={guarantee.level}>
      {guaranteeLines(guarantee).map((line) => (
        <li key={line} className="break-words">
          {line}
        </li>
      ))}
    </ul>
  );
}

/**
 * The vehicle page's guarantee: the terms of the car's certification level (ADR 0040). Rendered by
 * the server with the page, from the page's state; fetched only after a move within the app.
 */
export function GuaranteeTermsSection({ condition }: { condition: string | null }) {
  const guarantee = useGuarantee(condition);
  return (
    <QueryStates
      query={guarantee}
      loading="Loading the guarantee…"
      failed="Could not load the guarantee:"
      spacing="mt-2"
    >
      {(data) => (
        <div className="mt-2 text-sm text-slate-700">
          <GuaranteeLines guarantee={data} />
        </div>
      )}
    </QueryStates>
  );
}
