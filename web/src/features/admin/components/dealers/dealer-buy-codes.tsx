import { ADMIN_TEXT } from '@contracts/admin';
import type { Dealer } from '@contracts/dealers';
import { KeyRound, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Empty } from '@/components/ui/query-states';
import { toast } from '@/components/ui/use-toast';
import { ADMIN_LABELS } from '../../admin-texts';
import { useCreateBuyCode } from '../../api/create-buy-code';
import { useBuyCodes } from '../../api/get-buy-codes';
import { BuyCodeBadges, formatExpiry, formatUses } from '../common/buy-code-format';
import { CopyCodeButton } from '../common/copy-code-button';
import { Panel, PanelStates } from '../common/panel';

/** The selected dealer's buy codes, and 'Generate' for a new one (docs/product.md §2 Manage Dealers). */
export function DealerBuyCodes({ dealer }: { dealer: Dealer }) {
  const codes = useBuyCodes(dealer.id);
  const create = useCreateBuyCode();
  const generate = () =>
    create.mutate(
      { dealerId: dealer.id },
      {
        onSuccess: (code) =>
          toast({ title: ADMIN_TEXT.buyCodeGenerated, description: `${dealer.dealerName}: ${code.code}` }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Failed to generate buy code', description: error.message }),
      },
    );
  return (
    <Panel
      title={`Buy codes: ${dealer.dealerName}`}
      description={
        dealer.active ? undefined : 'This dealer is inactive: its codes cannot be used until it is activated.'
      }
      actions={
        <Button size="sm" onClick={generate} disabled={create.isPending}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {create.isPending ? 'Generating…' : ADMIN_LABELS.generate}
        </Button>
      }
    >
      <PanelStates
        query={codes}
        loading="Loading buy codes..."
        rows={2}
        empty={<Empty icon={KeyRound} title="No buy codes yet" text="Generate one to let this dealer buy." />}
      >
        {(data) => (
          <ul className="grid gap-2" aria-label={`Buy codes of ${dealer.dealerName}`}>
            {data.map((code) => (
              <li
                key={code.id}
                data-testid={`dealer-code-${code.code}`}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-slate-200 px-3 py-2"
              >
                <span className="flex items-center gap-1">
                  <span className="font-mono text-lg font-bold tracking-[0.2em] text-slate-900">
                    {code.code}
                  </span>
                  <CopyCodeButton code={code.code} />
                </span>
                <BuyCodeBadges code={code} />
                <span className="text-sm text-slate-600">
                  <span className="sr-only">Uses: </span>
                  {formatUses(code)} uses
                </span>
                <span className="text-sm text-slate-600">
                  <span className="sr-only">Expires: </span>
                  {formatExpiry(code)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </PanelStates>
    </Panel>
  );
}
