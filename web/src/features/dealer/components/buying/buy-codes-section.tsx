import type { DealerBuyCode } from '@contracts/buying';
import { dealerPartId } from '@contracts/dealer-dashboard';
import { TEAM_TEXT } from '@contracts/teams';
import { KeyRound } from 'lucide-react';
import { useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DashboardSection } from '@/components/ui/query-states';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/display/time-left';
import { useDeactivateTeamCode, useRotateTeamCode } from '../../api/team-codes';
import { codeOwnerText, lastUsedText, spokenCode } from './buy-code-text';

/**
 * The current active code highlighted, then every code labelled Active or Inactive (docs/product.md §2). In a
 * team (docs/design.md §11) the highlighted code is the person's own, an owner sees whose each code is
 * (someone else's masked: "•••K", heard as "code ending in K") and when it was last used, and a
 * viewer holds none. An owner signed in with a password or passkey (`canManage`) deactivates a code
 * or replaces it with a new one (docs/decisions/0031-session-strength.md).
 */
export function BuyCodesSection({
  codes,
  isViewer,
  canManage = false,
}: {
  codes: DealerBuyCode[];
  isViewer: boolean;
  canManage?: boolean;
}) {
  const current = codes.find((c) => c.active && c.mine);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    // Focus comes back to the heading once a code's buttons are gone with its change.
    <DashboardSection id={dealerPartId('buyCodes')} icon={KeyRound} title="Buy codes" headingRef={heading}>
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
      <ul className="mt-4 divide-y divide-slate-100" aria-label="All buy codes">
        {codes.map((code) => (
          <li key={code.id} className="grid gap-1.5 py-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="flex min-w-0 items-baseline gap-2">
                {code.masked ? (
                  <>
                    <span
                      aria-hidden="true"
                      className="font-mono text-base font-semibold tracking-widest text-slate-900"
                    >
                      {code.code}
                    </span>
                    <span className="sr-only">{spokenCode(code)}</span>
                  </>
                ) : (
                  <span className="font-mono text-base font-semibold tracking-widest text-slate-900">
                    {code.code}
                  </span>
                )}
                {code.holderName && !code.mine ? (
                  <span className="break-words text-sm text-slate-700">{code.holderName}</span>
                ) : code.mine && codes.some((other) => !other.mine) ? (
                  // Among the team's codes (an owner's view), whose each is said: this one is yours.
                  <span className="text-sm text-slate-700">You</span>
                ) : null}
              </span>
              <Badge tone={code.active ? 'green' : 'gray'}>{code.active ? 'Active' : 'Inactive'}</Badge>
            </div>
            <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-slate-600">
              <span>{lastUsedText(code.lastUsedAt)}</span>
              {code.maxUses !== null ? (
                <span>
                  {code.usageCount} / {code.maxUses} uses
                </span>
              ) : null}
              {code.expiresAt ? <span>until {formatDate(code.expiresAt)}</span> : null}
            </p>
            {canManage && code.active ? (
              <CodeActions code={code} done={() => heading.current?.focus()} />
            ) : null}
          </li>
        ))}
      </ul>
    </DashboardSection>
  );
}

/** Deactivate, or replace with a new code for the same holder: each asks first. */
function CodeActions({ code, done }: { code: DealerBuyCode; done: () => void }) {
  const deactivate = useDeactivateTeamCode();
  const rotate = useRotateTeamCode();
  const which = codeOwnerText(code);
  const newCode = code.mine
    ? 'You get a new code with the same limits.'
    : `${code.holderName ?? 'Its holder'} gets a new code with the same limits, shown only on their own dashboard.`;
  const busy = deactivate.isPending || rotate.isPending;
  // Through mutateAsync()'s promise (docs/conventions.md habit 6): the mutations settle once the
  // codes are read again, and a replaced code's row is gone by then, with mutate()'s callbacks.
  const refused = (title: string) => (error: Error) =>
    toast({ variant: 'destructive', title, description: error.message });
  return (
    <div className="mt-1 flex flex-wrap gap-2">
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" disabled={busy} aria-label={`Deactivate ${which}`}>
            Deactivate
          </Button>
        }
        title={`Deactivate ${which}?`}
        description="It stops working at once for buying, offers and signing in, and anyone signed in with it is signed out."
        confirmLabel="Deactivate"
        cancelLabel="Keep it"
        destructive
        onConfirm={() =>
          deactivate.mutateAsync(code.id).then(() => {
            toast({ title: TEAM_TEXT.codeDeactivated });
            done();
          }, refused('Could not deactivate the code'))
        }
      />
      <ConfirmDialog
        trigger={
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={`Replace with a new code: ${which}`}
          >
            Replace with a new code
          </Button>
        }
        title={`Replace ${which} with a new code?`}
        description={`${newCode} This one stops working at once, and anyone signed in with it is signed out.`}
        confirmLabel="Replace with a new code"
        cancelLabel="Keep it"
        onConfirm={() =>
          rotate.mutateAsync(code.id).then(() => {
            toast({ title: TEAM_TEXT.codeRotated });
            done();
          }, refused('Could not replace the code'))
        }
      />
    </div>
  );
}
