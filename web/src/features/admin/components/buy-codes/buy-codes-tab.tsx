import { ADMIN_TEXT } from '@contracts/admin';
import type { AdminBuyCode } from '@contracts/dealers';
import { KeyRound } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Empty } from '@/components/ui/query-states';
import { SearchBox } from '@/components/ui/search-box';
import { toast } from '@/components/ui/use-toast';
import { ADMIN_LABELS } from '../../admin-texts';
import { useBuyCodes } from '../../api/get-buy-codes';
import { useUpdateBuyCode } from '../../api/update-buy-code';
import { BuyCodeBadges, formatExpiry, formatUses } from '../common/buy-code-format';
import { CopyCodeButton } from '../common/copy-code-button';
import { Cell, DataTable, Row } from '../common/data-table';
import { Panel, PanelStates } from '../common/panel';
import { BuyCodeLimitsDialog } from './buy-code-limits-dialog';
import { GenerateBuyCodeForm } from './generate-buy-code-form';

/** Buy Code Management: the spec's heading and text, made real (every code, limits, search). */
export function BuyCodesTab() {
  const codes = useBuyCodes();
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim().toLowerCase());
  const list = (codes.data ?? []).filter(
    (c) => !q || c.code.toLowerCase().includes(q) || c.dealerName.toLowerCase().includes(q),
  );
  return (
    <div className="grid gap-6">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{ADMIN_TEXT.buyCodesTitle}</h2>
        <p className="mt-1 text-sm text-slate-600">{ADMIN_TEXT.buyCodesText}</p>
      </div>
      <Panel
        title="Generate a buy code"
        description="Optionally limit how many purchases it allows and until when."
      >
        <GenerateBuyCodeForm />
      </Panel>
      <Panel
        title={`All buy codes${codes.data ? ` (${codes.data.length})` : ''}`}
        actions={
          <SearchBox
            label="Search by code or dealer"
            value={query}
            onChange={setQuery}
            className="w-full sm:w-72"
          />
        }
      >
        <PanelStates
          query={codes}
          loading="Loading buy codes..."
          isEmpty={() => list.length === 0}
          empty={
            <Empty
              icon={KeyRound}
              title={q ? 'No buy codes match your search' : 'No buy codes yet'}
              text={q ? undefined : 'Generate the first one above.'}
            />
          }
        >
          {() => (
            <DataTable label="Buy codes" columns={['Code', 'Dealer', 'Status', 'Uses', 'Expires', 'Actions']}>
              {list.map((code) => (
                <BuyCodeRow key={code.id} code={code} />
              ))}
            </DataTable>
          )}
        </PanelStates>
      </Panel>
    </div>
  );
}

function BuyCodeRow({ code }: { code: AdminBuyCode }) {
  const update = useUpdateBuyCode();
  const toggle = () =>
    update.mutate(
      { id: code.id, body: { active: !code.active } },
      {
        onSuccess: (saved) =>
          toast({
            title: 'Buy code updated',
            description: `${saved.code} is now ${saved.active ? 'active' : 'inactive'}.`,
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Failed to update buy code', description: error.message }),
      },
    );
  return (
    <Row data-testid={`buy-code-${code.code}`}>
      <Cell phone="heading">
        <span className="inline-flex items-center gap-1">
          <span className="font-mono text-base font-bold tracking-[0.2em] text-slate-900">{code.code}</span>
          <CopyCodeButton code={code.code} />
        </span>
      </Cell>
      <Cell label="Dealer" className="font-medium text-slate-900">
        {code.dealerName}
      </Cell>
      <Cell label="Status">
        <BuyCodeBadges code={code} />
      </Cell>
      <Cell label="Uses" className="tabular-nums">
        {formatUses(code)}
      </Cell>
      <Cell label="Expires">{formatExpiry(code)}</Cell>
      <Cell className="max-md:justify-end max-md:pt-2">
        <span className="flex flex-wrap justify-end gap-2">
          <Button size="sm" variant="outline" onClick={toggle} disabled={update.isPending}>
            {code.active ? ADMIN_LABELS.deactivate : ADMIN_LABELS.activate}
            <span className="sr-only"> {code.code}</span>
          </Button>
          <BuyCodeLimitsDialog code={code} />
        </span>
      </Cell>
    </Row>
  );
}
