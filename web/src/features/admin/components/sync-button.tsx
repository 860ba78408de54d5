import { ADMIN_TEXT } from '@contracts/admin';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { ADMIN_LABELS } from '../admin-texts';
import { type SyncSkippedRow, useSyncVehicles } from '../api/sync-vehicles';

/** Syncs vehicles from the spreadsheet service; the server's answer is reported as it is. */
export function SyncButton() {
  const sync = useSyncVehicles();
  const [skipped, setSkipped] = useState<SyncSkippedRow[] | null>(null);
  const run = () =>
    sync.mutate(undefined, {
      onSuccess: (result) => {
        toast({
          title: ADMIN_TEXT.synced,
          description: `${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged, ${result.skipped.length} skipped.`,
        });
        if (result.skipped.length > 0) setSkipped(result.skipped);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: ADMIN_TEXT.syncFailed, description: error.message }),
    });
  return (
    <>
      <Button variant="secondary" onClick={run} disabled={sync.isPending} aria-busy={sync.isPending}>
        <RefreshCw aria-hidden="true" className={cn('h-4 w-4', sync.isPending && 'animate-spin')} />
        {sync.isPending ? ADMIN_LABELS.syncing : ADMIN_LABELS.sync}
      </Button>
      <Modal
        open={skipped !== null}
        onOpenChange={(open) => {
          if (!open) setSkipped(null);
        }}
        title="Skipped spreadsheet rows"
        description="These rows were not imported. Fix them in the sheet and sync again."
      >
        <ul className="grid max-h-80 gap-2 overflow-y-auto text-sm">
          {skipped?.map((row) => (
            <li
              key={`${row.row}-${row.vin ?? ''}`}
              className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200"
            >
              <span className="font-semibold text-slate-900">Row {row.row}</span>
              {row.vin ? <span className="ml-2 font-mono text-slate-700">{row.vin}</span> : null}
              <p className="text-slate-600">{row.reason}</p>
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
