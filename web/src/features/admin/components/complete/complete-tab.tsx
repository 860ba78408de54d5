import { PAGE_LIMIT } from '@contracts/paging';
import { Inbox } from 'lucide-react';
import { Pager, useServerPaged } from '@/components/ui/pager';
import { Empty } from '@/components/ui/query-states';
import { ADMIN_LABELS } from '../../admin-texts';
import { useAdminVehiclePage } from '../../api/get-admin-vehicles';
import { useRequiredShots } from '../../api/required-shots';
import { Panel, PanelStates } from '../common/panel';
import { QueueItem } from './queue-item';
import { RequiredShotsPanel } from './required-shots-panel';

/** Cards a page of the queue shows. */
const QUEUE_PAGE = PAGE_LIMIT.default;

/**
 * Complete Vehicle Listing: the staff uploads waiting for mileage, price and certification, read a
 * page at a time from the server (only queued cars, issue #47).
 */
export function CompleteTab() {
  const paged = useServerPaged<HTMLUListElement>('queue', QUEUE_PAGE);
  const page = useAdminVehiclePage({ list: 'queue', cursor: paged.cursor, limit: paged.limit });
  const queue = page.data?.items ?? [];
  // Asked at once beside the queue, though shown under it once the queue is in.
  useRequiredShots();
  return (
    <>
      <Panel
        // A screen's height while it loads: the cards then come in below the fold's edge, not pushing
        // what was on the screen (the footer) down (layout shift, issue #47).
        className={page.isPending ? 'min-h-screen' : undefined}
        title={ADMIN_LABELS.queueTitle}
        description="Check the decoded details, enter mileage, price and certification, and publish."
      >
        <PanelStates
          query={page}
          loading="Loading the queue..."
          rows={2}
          isEmpty={() => queue.length === 0}
          empty={<Empty icon={Inbox} title={ADMIN_LABELS.queueEmpty} text={ADMIN_LABELS.queueEmptyText} />}
        >
          {() => (
            <>
              <ul ref={paged.listRef} className="grid gap-4">
                {queue.map((vehicle) => (
                  <li key={vehicle.id}>
                    <QueueItem vehicle={vehicle} />
                  </li>
                ))}
              </ul>
              <Pager label={ADMIN_LABELS.queueTitle} {...paged.pagerOf(page.data)} />
            </>
          )}
        </PanelStates>
      </Panel>
      {/* Below the queue once its cards are in: loading rows replaced by 25 cards would push it down
          (layout shift, issue #47). */}
      {page.isPending ? null : <RequiredShotsPanel />}
    </>
  );
}
