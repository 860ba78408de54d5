import { useEffect, useState } from 'react';
import { captureStore } from '@/lib/uploads/capture-store';
import { fileTotals } from '@/lib/uploads/file-state';
import { vehicleText } from '../vin/decode-state';
import { parseWizardState } from '../wizard-state';
import { readSyncStates } from './sync-actions';
import { SYNC_TEXT } from './sync-texts';

export interface PendingCapture {
  id: string;
  title: string;
  detail: string;
}

/** The cars finished on this phone and not yet sent, oldest first, as "My uploads" lists them. */
export function usePendingUploads(): PendingCapture[] {
  const [pending, setPending] = useState<PendingCapture[]>([]);
  useEffect(() => {
    let cancelled = false;
    let unsubscribe: () => void = () => undefined;
    void captureStore().then((store) => {
      if (!store || cancelled) return;
      const read = () =>
        void readSyncStates(store).then(({ records, states }) => {
          if (cancelled) return;
          setPending(
            records
              .filter((r) => r.status === 'waiting')
              .map((r) => {
                const wizard = parseWizardState(r.wizard);
                const files = states.find((s) => s.id === r.id)?.files ?? [];
                const sent = fileTotals(files).ready;
                return {
                  id: r.id,
                  title: vehicleText(wizard) || wizard.vin,
                  detail: r.blocked
                    ? `${SYNC_TEXT.refusedPrefix}${r.blocked}`
                    : `${SYNC_TEXT.waiting} · ${sent} of ${files.length} files sent`,
                };
              }),
          );
        });
      unsubscribe = store.subscribe(read);
      read();
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, []);
  return pending;
}
