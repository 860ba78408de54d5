import type { AuditEntry } from '@contracts/audit';
import { History } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { SelectField } from '@/components/ui/fields';
import { Pager, useListParams, useServerPaged } from '@/components/ui/pager';
import { Empty } from '@/components/ui/query-states';
import { formatDateTime } from '@/lib/display/time-left';
import { AUDIT_ENTITIES, type AuditEntity, useAudit } from '../../api/get-audit';
import { Cell, DataTable, Row } from '../common/data-table';
import { Panel, PanelStates } from '../common/panel';
import { JobsPanel } from './jobs-panel';

const ENTITY_LABELS: Record<AuditEntity, string> = {
  vehicle: 'Vehicles',
  offer: 'Offers',
  dealer: 'Dealers',
  buy_code: 'Buy codes',
  transaction: 'Transactions',
};

const show = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

const BOOKKEEPING = new Set(['id', 'createdAt', 'updatedAt']);

/** The fields an entry changed, "status: pending → active". */
export function describeChanges(before: unknown, after: unknown): string[] {
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(after)) return [];
  const previous = isRecord(before) ? before : {};
  return Object.keys(after)
    .filter((key) => !BOOKKEEPING.has(key) && show(previous[key]) !== show(after[key]))
    .map((key) =>
      key in previous
        ? `${key}: ${show(previous[key])} → ${show(after[key])}`
        : `${key}: ${show(after[key])}`,
    );
}

/** Activity (beyond the spec): the latest state changes, who made them and when; the background jobs under them. */
export function ActivityTab() {
  return (
    <div className="space-y-6">
      <AuditPanel />
      <JobsPanel />
    </div>
  );
}

/** The state changes, newest first, a page at a time; the kind in the URL. */
function AuditPanel() {
  const [params, setParams] = useListParams('log-', ['entity'] as const);
  const entity = AUDIT_ENTITIES.find((value) => value === params.entity);
  const paging = useServerPaged<HTMLDivElement>(entity ?? '');
  const audit = useAudit(entity, { cursor: paging.cursor, limit: paging.limit });
  return (
    <Panel
      title="Activity"
      description="Every change to vehicles, offers, dealers, buy codes and transactions, newest first."
      actions={
        <SelectField
          label={<span className="sr-only">Show changes to</span>}
          value={entity ?? ''}
          onChange={(e) => setParams({ entity: e.target.value })}
          className="w-48"
        >
          <option value="">Everything</option>
          {AUDIT_ENTITIES.map((value) => (
            <option key={value} value={value}>
              {ENTITY_LABELS[value]}
            </option>
          ))}
        </SelectField>
      }
    >
      <PanelStates
        query={audit}
        loading="Loading activity..."
        isEmpty={(data) => data.items.length === 0}
        empty={
          <Empty
            icon={History}
            title="No activity yet"
            text="Changes made here and by dealers appear in this log."
          />
        }
      >
        {(data) => (
          <div ref={paging.listRef}>
            <DataTable label="Activity" columns={['When', 'Who', 'What', 'Changes']}>
              {data.items.map((entry) => (
                <ActivityRow key={entry.id} entry={entry} />
              ))}
            </DataTable>
            <Pager label="Activity" {...paging.pagerOf(data)} />
          </div>
        )}
      </PanelStates>
    </Panel>
  );
}

function ActivityRow({ entry }: { entry: AuditEntry }) {
  const changes = describeChanges(entry.before, entry.after);
  return (
    <Row>
      <Cell label="When" className="whitespace-nowrap">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </Cell>
      <Cell label="Who">
        <span>
          {entry.actorLabel}
          <span className="ml-1 text-xs text-slate-500">({entry.actorType})</span>
        </span>
      </Cell>
      <Cell label="What">
        <span className="inline-flex flex-wrap items-center justify-end gap-1.5 md:justify-start">
          <Badge tone="blue">{entry.entity.replace('_', ' ')}</Badge>
          <span className="font-medium text-slate-900">
            {entry.action}
            {entry.entityId !== null ? ` #${entry.entityId}` : ''}
          </span>
        </span>
      </Cell>
      <Cell label="Changes" className="max-md:items-start">
        {changes.length === 0 ? (
          <span className="text-slate-500">—</span>
        ) : (
          <ul className="min-w-0 max-w-md break-words text-xs text-slate-700">
            {changes.slice(0, 6).map((change) => (
              <li key={change}>{change}</li>
            ))}
            {changes.length > 6 ? <li className="text-slate-500">and {changes.length - 6} more</li> : null}
          </ul>
        )}
      </Cell>
    </Row>
  );
}
