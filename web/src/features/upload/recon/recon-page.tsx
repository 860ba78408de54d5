import { PAGE_PATHS } from '@contracts/routes';
import { WORK_ORDER_TEXT } from '@contracts/work-order-texts';
import { ArrowLeft, Upload } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'wouter';
import { PageFrame } from '@/components/page-frame';
import { PageLoading } from '@/components/page-loading';
import { buttonClasses } from '@/components/ui/button';
import { useLiveUpdates } from '@/lib/api/use-live-updates';
import { useStaffMe } from '@/lib/auth/staff-session';
import { usePageMeta } from '@/lib/use-page-meta';
import { StaffNotices, StaffSignIn } from '../staff-page';
import { WorkOrderDetail } from './work-order-detail';
import { WorkOrderList } from './work-order-list';

/**
 * The staff's Recon area (issue #31): the open work orders, and one work order's tasks to work on a
 * phone (`?order=12`, so a reload keeps it). Staff sign in with the upload password here too.
 */
export default function ReconPage() {
  usePageMeta('recon');
  const staff = useStaffMe();
  const [params, setParams] = useSearchParams();
  const orderId = Number(params.get('order')) || null;
  const heading = useRef<HTMLHeadingElement>(null);
  // Moving between the list and a work order: the keyboard and screen reader follow to the new heading.
  const previous = useRef(orderId);
  useEffect(() => {
    if (previous.current === orderId) return;
    previous.current = orderId;
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, [orderId]);

  if (staff.isPending) return <PageLoading />;
  return (
    <PageFrame
      width="narrow"
      notices={<StaffNotices />}
      title={WORK_ORDER_TEXT.staffTitle}
      titleRef={heading}
      actions={
        <Link href={PAGE_PATHS.upload} className={buttonClasses('ghost', 'sm')}>
          <Upload aria-hidden="true" className="h-4 w-4" />
          {WORK_ORDER_TEXT.uploadLink}
        </Link>
      }
    >
      {!staff.data ? (
        <StaffSignIn />
      ) : orderId ? (
        <div className="mt-4 grid gap-4">
          <button
            type="button"
            onClick={() => setParams({})}
            className="inline-flex h-11 w-fit items-center gap-2 rounded-lg px-2 font-medium text-brand-700 hover:bg-slate-100"
          >
            <ArrowLeft aria-hidden="true" className="h-5 w-5" />
            {WORK_ORDER_TEXT.backToList}
          </button>
          <LiveWorkOrder id={orderId} />
        </div>
      ) : (
        <LiveList onOpen={(id) => setParams({ order: String(id) })} />
      )}
    </PageFrame>
  );
}

/** Other phones' changes arrive by themselves (the staff stream carries work orders). */
function LiveWorkOrder({ id }: { id: number }) {
  useLiveUpdates();
  return <WorkOrderDetail id={id} />;
}

function LiveList({ onOpen }: { onOpen: (id: number) => void }) {
  useLiveUpdates();
  return <WorkOrderList onOpen={onOpen} />;
}
