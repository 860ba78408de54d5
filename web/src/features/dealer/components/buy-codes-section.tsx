import type { DealerBuyCode } from '@contracts/buying';
import { KeyRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/time-left';

/**
 * The current active code highlighted, then every code labelled Active or Inactive (spec §2). In a
 * team (DESIGN.md §11) the highlighted code is the person's own, an owner sees whose each code is,
 * and a viewer holds none.
 */
export function BuyCodesSection({ codes, isViewer }: { codes: DealerBuyCode[]; isViewer: boolean }) {
  const current = codes.find((c) => c.active && c.mine);
  return (
    <section
      aria-labelledby="buy-codes-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="buy-codes-title" className="text-lg font-semibold text-slate-900">
        Buy codes
      </h2>
      {current ? (
        <div className="mt-4 flex items-center gap-4 rounded-xl bg-slate-900 p-4 text-white">
          <KeyRound aria-hidden="true" className="h-8 w-8 text-accent" />
          <div>
            <p className="text-sm text-slate-300">Current active buy code</p>
            <p className="font-mono text-3xl font-bold tracking-[0.3em]" data-testid="current-buy-code">
              {current.code}
            </p>
          </div>
        </div>
      ) : isViewer ? (
        <p className="mt-4 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          Viewers hold no buy code. Buyers and owners each have their own.
        </p>
      ) : (
        <p className="mt-4 rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
          You have no active buy code. Contact our team to receive a new one.
        </p>
      )}
      <ul className="mt-4 divide-y divide-slate-100">
        {codes.map((code) => (
          <li key={code.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
            <span className="flex items-baseline gap-2">
              <span className="font-mono text-base font-semibold tracking-widest text-slate-900">
                {code.code}
              </span>
              {code.holderName && !code.mine ? (
                <span className="text-sm text-slate-600">{code.holderName}</span>
              ) : code.mine && codes.some((other) => !other.mine) ? (
                // Among the team's codes (an owner's view), whose each is said: this one is yours.
                <span className="text-sm text-slate-600">You</span>
              ) : null}
            </span>
            <span className="flex items-center gap-3 text-sm text-slate-600">
              {code.maxUses !== null ? (
                <span>
                  {code.usageCount} / {code.maxUses} uses
                </span>
              ) : null}
              {code.expiresAt ? <span>until {formatDate(code.expiresAt)}</span> : null}
              <Badge tone={code.active ? 'green' : 'gray'}>{code.active ? 'Active' : 'Inactive'}</Badge>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
