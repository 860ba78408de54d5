import { useEffect, useState } from 'react';
import { captureStore } from '@/lib/uploads/capture-store';

/**
 * Whether a car finished on the phone still waits there ('waiting') or was sent and removed
 * ('sent'); null while it is read. Follows the capture store as the sync changes it.
 */
export function useKeptCar(id: string, enabled: boolean): 'waiting' | 'sent' | null {
  const [state, setState] = useState<'waiting' | 'sent' | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let unsubscribe: () => void = () => undefined;
    void captureStore().then((store) => {
      if (cancelled) return;
      if (!store) return setState('waiting');
      const read = () =>
        void store.vehicle(id).then((record) => {
          if (!cancelled) setState(record ? 'waiting' : 'sent');
        });
      unsubscribe = store.subscribe(read);
      read();
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [id, enabled]);
  return state;
}
