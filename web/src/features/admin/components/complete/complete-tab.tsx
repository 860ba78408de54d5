import type { AdminVehicle } from '@contracts/vehicle';
import { Inbox } from 'lucide-react';
import {
  type ReactNode,
  type Ref,
  Suspense,
  startTransition,
  useDeferredValue,
  useEffect,
  useState,
} from 'react';
import { lazyPage } from '@/app/lazy-page';
import { Pager, useServerPaged } from '@/components/ui/pager';
import { Loading } from '@/components/ui/placeholders';
import { Empty } from '@/components/ui/query-states';
import { afterNextPaint } from '@/lib/after-next-paint';
import { ADMIN_LABELS } from '../../admin-texts';
import { QUEUE_PAGE, useAdminVehiclePage } from '../../api/get-admin-vehicles';
import { useRequiredShots } from '../../api/required-shots';
import { Panel, PanelStates } from '../common/panel';

/**
 * The queue's cards and the Required shots panel: photos and their lightbox, the condition summary,
 * the video. Loaded beside the queue's first page, not before the tab's first paint (its heading
 * and description, the admin page's largest paint, issue #47). Their forms (checked by the
 * contracts' zod schemas, loaded in steps: `schemasInSteps`) load as each form nears the screen.
 */
const QueueCards = lazyPage(() => import('./queue-item').then((m) => ({ default: m.QueueItem })));
const ShotsPanel = lazyPage(() =>
  import('./required-shots-panel').then((m) => ({ default: m.RequiredShotsPanel })),
);

/**
 * On their way once the tab has first been painted, beside the queue's first page. Asked as the
 * tab's code ran, they came in and ran (their schemas built: a 0.2–0.4 s task on a slow phone)
 * before the page's first render had painted, now that render waits for the tab's code; asked as
 * it committed, their work held that paint back (issue #47). Their chunks come without a preload
 * link each (vite.config.ts, WITHOUT_PRELOAD_LINKS).
 */
function useCardsCode() {
  useEffect(
    () =>
      afterNextPaint(() => {
        QueueCards.preload().catch(() => {});
        ShotsPanel.preload().catch(() => {});
      }),
    [],
  );
}

/** While the queue's first page, then its cards' code, are on their way. */
const QUEUE_LOADING = 'Loading the queue...';

const QueueLoading = () => <Loading label={QUEUE_LOADING} rows={2} className="min-h-screen" />;

const NO_CARDS: AdminVehicle[] = [];

/** Cards of a page drawn in the first pass (more than a wide screen shows). */
const FIRST_CARDS = 3;

/**
 * The page's cards. The queue's answer sets off a render React runs in one piece (a query's answer
 * is a synchronous update): 25 cards were a 0.6 s task on a slow phone (issue #47). Here they are
 * drawn in a deferred render instead, which React slices and yields between (`useDeferredValue`
 * from no cards): the loading rows stay until the cards are in. A turned page shows the previous
 * page's cards until the next page's are drawn.
 */
function QueueList({
  queue,
  listRef,
  pager,
}: {
  queue: AdminVehicle[];
  listRef: Ref<HTMLUListElement>;
  pager: ReactNode;
}) {
  const cards = useDeferredValue(queue, NO_CARDS);
  // The first cards (a screen's worth, and more) come first; the rest of the page in a render of its
  // own once those are painted: one render, commit and layout of 25 cards was the longest task
  // after the largest paint (issue #47).
  const [whole, setWhole] = useState(false);
  const drawn = cards !== NO_CARDS;
  useEffect(() => {
    if (!drawn || whole) return;
    return afterNextPaint(() => startTransition(() => setWhole(true)));
  }, [drawn, whole]);
  if (!drawn) return <QueueLoading />;
  const shown = whole ? cards : cards.slice(0, FIRST_CARDS);
  return (
    <>
      <ul ref={listRef} className="grid gap-4">
        {shown.map((vehicle) => (
          <li key={vehicle.id}>
            <QueueCards.Page vehicle={vehicle} />
          </li>
        ))}
      </ul>
      {whole ? pager : null}
    </>
  );
}

/**
 * Complete Vehicle Listing: the staff uploads waiting for mileage, price and certification, read a
 * page at a time from the server (only queued cars, issue #47).
 */
export function CompleteTab() {
  const paged = useServerPaged<HTMLUListElement>('queue', QUEUE_PAGE);
  const page = useAdminVehiclePage({ list: 'queue', cursor: paged.cursor, limit: paged.limit });
  const queue = page.data?.items ?? [];
  useCardsCode();
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
          loading={QUEUE_LOADING}
          rows={2}
          isEmpty={() => queue.length === 0}
          empty={<Empty icon={Inbox} title={ADMIN_LABELS.queueEmpty} text={ADMIN_LABELS.queueEmptyText} />}
        >
          {() => (
            <Suspense fallback={<QueueLoading />}>
              <QueueList
                queue={queue}
                listRef={paged.listRef}
                pager={<Pager label={ADMIN_LABELS.queueTitle} {...paged.pagerOf(page.data)} />}
              />
            </Suspense>
          )}
        </PanelStates>
      </Panel>
      {/* Below the queue once its cards are in: loading rows replaced by 25 cards would push it down
          (layout shift, issue #47). */}
      {page.isPending ? null : (
        <Suspense fallback={null}>
          <ShotsPanel.Page />
        </Suspense>
      )}
    </>
  );
}
