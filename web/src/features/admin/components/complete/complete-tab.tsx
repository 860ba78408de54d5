import { isQueued } from '@contracts/vehicle-display';
import { Inbox } from 'lucide-react';
import { Empty } from '@/components/ui/query-states';
import { ADMIN_LABELS } from '../../admin-texts';
import { useAdminVehicles } from '../../api/get-admin-vehicles';
import { Panel, PanelStates } from '../common/panel';
import { QueueItem } from './queue-item';
import { RequiredShotsPanel } from './required-shots-panel';

/** Complete Vehicle Listing: the staff uploads waiting for mileage, price and certification. */
export function CompleteTab() {
  const vehicles = useAdminVehicles();
  const queue = vehicles.data?.filter(isQueued) ?? [];
  return (
    <>
      <Panel
        title={ADMIN_LABELS.queueTitle}
        description="Check the decoded details, enter mileage, price and certification, and publish."
      >
        <PanelStates
          query={vehicles}
          loading="Loading the queue..."
          rows={2}
          isEmpty={() => queue.length === 0}
          empty={<Empty icon={Inbox} title={ADMIN_LABELS.queueEmpty} text={ADMIN_LABELS.queueEmptyText} />}
        >
          {() => (
            <ul className="grid gap-4">
              {queue.map((vehicle) => (
                <li key={vehicle.id}>
                  <QueueItem vehicle={vehicle} />
                </li>
              ))}
            </ul>
          )}
        </PanelStates>
      </Panel>
      <RequiredShotsPanel />
    </>
  );
}
