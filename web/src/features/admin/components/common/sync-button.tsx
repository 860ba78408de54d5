import { ADMIN_TEXT } from '@contracts/admin';
import type { SyncResult } from '@contracts/sheets-sync';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { ADMIN_LABELS } from '../../admin-texts';
import { useSyncVehicles } from '../../api/sync-vehicles';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The toast's summary of a sync: rows, then the photos imported from the `images` column. */
export function syncSummary(result: SyncResult) {
  const rows = `${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged, ${result.skipped.length} skipped.`;
  const { imported, failed, pending } = result.images;
  const photos = [
    imported > 0 ? `${plural(imported, 'photo')} imported` : null,
    failed.length > 0 ? `${plural(failed.length, 'image')} failed` : null,
    pending > 0 ? `${plural(pending, 'image')} left for the next sync` : null,
  ].filter(Boolean);
  return photos.length > 0 ? `${rows} ${photos.join(', ')}.` : rows;
}

/** Syncs vehicles from the spreadsheet service; the server's answer is reported as it is. */
export function SyncButton() {
  const sync = useSyncVehicles();
  const [report, setReport] = useState<SyncResult | null>(null);
  const run = () =>
    sync.mutate(undefined, {
      onSuccess: (result) => {
        toast({ title: ADMIN_TEXT.synced, description: syncSummary(result) });
        if (result.skipped.length > 0 || result.images.failed.length > 0 || result.images.pending > 0)
          setReport(result);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: ADMIN_TEXT.syncFailed, description: error.message }),
    });
  const itemClass = 'rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200';
  return (
    <>
      <Button variant="secondary" onClick={run} disabled={sync.isPending} aria-busy={sync.isPending}>
        <RefreshCw aria-hidden="true" className={cn('h-4 w-4', sync.isPending && 'animate-spin')} />
        {sync.isPending ? ADMIN_LABELS.syncing : ADMIN_LABELS.sync}
      </Button>
      <Modal
        open={report !== null}
        onOpenChange={(open) => {
          if (!open) setReport(null);
        }}
        title="Spreadsheet sync report"
        description="Fix these rows or image URLs in the sheet and sync again."
      >
        <div className="grid max-h-96 gap-4 overflow-y-auto text-sm">
          {report && report.skipped.length > 0 ? (
            <section aria-labelledby="sync-skipped">
              <h3 id="sync-skipped" className="mb-2 font-semibold text-slate-900">
                Skipped rows ({report.skipped.length})
              </h3>
              <ul className="grid gap-2">
                {report.skipped.map((row) => (
                  <li key={`${row.row}-${row.vin}`} className={itemClass}>
                    <span className="font-semibold text-slate-900">Row {row.row}</span>
                    {row.vin ? <span className="ml-2 font-mono text-slate-700">{row.vin}</span> : null}
                    <p className="text-slate-600">{row.reason}</p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {report && report.images.failed.length > 0 ? (
            <section aria-labelledby="sync-images">
              <h3 id="sync-images" className="mb-2 font-semibold text-slate-900">
                Images not imported ({report.images.failed.length})
              </h3>
              <ul className="grid gap-2">
                {report.images.failed.map((image) => (
                  <li key={`${image.row}-${image.url}`} className={itemClass}>
                    <span className="font-semibold text-slate-900">Row {image.row}</span>
                    <span className="ml-2 font-mono text-slate-700">{image.vin}</span>
                    <p className="break-all font-mono text-xs text-slate-500">{image.url}</p>
                    <p className="text-slate-600">{image.reason}</p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {report && report.images.pending > 0 ? (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200">
              {plural(report.images.pending, 'image')} could not be imported in this sync's time. Sync again
              to import the rest; images already imported are not fetched twice.
            </p>
          ) : null}
        </div>
      </Modal>
    </>
  );
}
