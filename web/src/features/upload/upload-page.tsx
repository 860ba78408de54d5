import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { PageLoading } from '@/components/page-loading';
import { Button } from '@/components/ui/button';
import { useStaffLogout, useStaffMe } from '@/features/auth/api/staff-session';
import { usePageMeta } from '@/lib/use-page-meta';
import { PasswordStep } from './password-step';
import { type UploadStep, UploadStepIndicator } from './upload-steps';

export default function UploadPage() {
  usePageMeta('upload');
  const staff = useStaffMe();
  const logout = useStaffLogout();
  // A live staff session (12 h) skips the password step, also after a reload.
  const [step, setStep] = useState<UploadStep | null>(null);
  const current: UploadStep = step ?? (staff.data ? 'vin' : 'password');

  if (staff.isPending) return <PageLoading />;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <div className="flex items-start justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Upload Vehicle</h1>
        {current !== 'password' ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => logout.mutate(undefined, { onSettled: () => setStep('password') })}
            disabled={logout.isPending}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Log out
          </Button>
        ) : null}
      </div>
      <div className="mt-6">
        <UploadStepIndicator current={current} />
      </div>
      <section className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {current === 'password' ? <PasswordStep onVerified={() => setStep('vin')} /> : null}
        {current === 'vin' ? <h2 className="text-xl font-semibold text-slate-900">Vehicle VIN</h2> : null}
      </section>
    </div>
  );
}
