import { PAGE_PATHS } from '@contracts/routes';
import { MY_UPLOADS_TEXT } from '@contracts/staff-uploads';
import { Upload } from 'lucide-react';
import { Link } from 'wouter';
import { PageFrame } from '@/components/page-frame';
import { PageLoading } from '@/components/page-loading';
import { buttonClasses } from '@/components/ui/button';
import { useStaffMe } from '@/lib/auth/staff-session';
import { usePageMeta } from '@/lib/use-page-meta';
import { StaffNotices, StaffSignIn } from '../staff-page';
import { usePendingUploads } from '../sync/use-pending-uploads';
import { useStaffUploads } from './get-staff-uploads';
import { MyUploadsList } from './my-uploads-list';

/**
 * "My uploads" (issue #34): the vehicles the staff sign-in uploaded, newest first, each in the words
 * the admin's screens use for where it stands. Staff sign in with the upload password here too.
 */
export default function MyUploadsPage() {
  usePageMeta('myUploads');
  const staff = useStaffMe();
  const uploads = useStaffUploads(Boolean(staff.data));
  const pending = usePendingUploads();

  if (staff.isPending) return <PageLoading />;
  return (
    <PageFrame
      width="narrow"
      notices={<StaffNotices />}
      title={MY_UPLOADS_TEXT.title}
      actions={
        <Link href={PAGE_PATHS.upload} className={buttonClasses('ghost', 'lg')}>
          <Upload aria-hidden="true" className="h-4 w-4" />
          {MY_UPLOADS_TEXT.back}
        </Link>
      }
    >
      {staff.data ? <MyUploadsList uploads={uploads} pending={pending} /> : <StaffSignIn />}
    </PageFrame>
  );
}
