import { PAGE_PATHS } from '@contracts/routes';
import { MY_UPLOADS_TEXT } from '@contracts/staff-uploads';
import { Upload } from 'lucide-react';
import { Link } from 'wouter';
import { PageLoading } from '@/components/page-loading';
import { buttonClasses } from '@/components/ui/button';
import { StaffAppUpdate } from '@/features/upload/staff-app-update';
import { useStaffMe } from '@/lib/auth/staff-session';
import { usePageMeta } from '@/lib/use-page-meta';
import { PasswordStep } from '../password-step';
import { PendingSyncBar } from '../sync/pending-sync-bar';
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
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <StaffAppUpdate />
      <PendingSyncBar />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {MY_UPLOADS_TEXT.title}
        </h1>
        <Link href={PAGE_PATHS.upload} className={buttonClasses('ghost', 'lg')}>
          <Upload aria-hidden="true" className="h-4 w-4" />
          {MY_UPLOADS_TEXT.back}
        </Link>
      </div>
      {staff.data ? (
        <MyUploadsList uploads={uploads} pending={pending} />
      ) : (
        <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <PasswordStep onVerified={() => undefined} />
        </section>
      )}
    </div>
  );
}
