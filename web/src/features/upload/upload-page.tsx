import { PAGE_PATHS } from '@contracts/routes';
import { MY_UPLOADS_TEXT } from '@contracts/staff-uploads';
import { WORK_ORDER_TEXT } from '@contracts/work-order-texts';
import { ListChecks, LogOut, Wrench } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { PageFrame } from '@/components/page-frame';
import { PageLoading } from '@/components/page-loading';
import { Button, buttonClasses } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useStaffLogout, useStaffMe } from '@/lib/auth/staff-session';
import { usePhotoUploads } from '@/lib/uploads/use-photo-uploads';
import { usePageMeta } from '@/lib/use-page-meta';
import { CompleteStep } from './complete-step';
import { ConditionStep } from './condition/condition-step';
import { PasswordStep } from './password-step';
import { PhotosStep } from './photos/photos-step';
import { ReconStep } from './recon-step';
import { StaffNotices } from './staff-page';
import { capturePhotoPersistence } from './sync/photo-persistence';
import { SYNC_TEXT } from './sync/sync-texts';
import { type UploadStep, UploadStepIndicator } from './upload-steps';
import { useOnSessionExpired } from './use-session-expiry';
import { VideoStep } from './video/video-step';
import { VinStep } from './vin/vin-step';
import { useWizardState, type WizardState } from './wizard-state';

export default function UploadPage() {
  usePageMeta('upload');
  const staff = useStaffMe();
  const logout = useStaffLogout();
  const { state, update, reset, loaded, store } = useWizardState();
  const onSessionExpired = useOnSessionExpired();
  // Photos that were on their way when the page was (re)loaded: their files are gone.
  const [interrupted] = useState(() => state.pendingPhotoNames);
  // The photo queue lives here, so uploads keep going while the staff member moves between steps.
  // Every photo is kept on the phone (the capture store, under this car's record) as it is taken.
  const vehicleKey = state.idempotencyKey;
  const persistence = useMemo(
    () => (store && loaded ? capturePhotoPersistence(store, vehicleKey) : null),
    [store, loaded, vehicleKey],
  );
  const uploads = usePhotoUploads({
    stored: state.photos,
    onStoredChange: (photos, pendingPhotoNames) => update({ photos, pendingPhotoNames }),
    onError: onSessionExpired,
    persistence,
    onKeepFailed: (_error, name) =>
      toast({ variant: 'destructive', title: SYNC_TEXT.storageFull, description: `Not saved: ${name}` }),
  });
  const startOver = (step: UploadStep) => {
    uploads.clear();
    // A draft is thrown away; a car waiting to sync stays (discardDraft keeps it).
    if (store) void store.discardDraft(vehicleKey).catch(() => undefined);
    reset(step);
  };
  /** The car is finished on the phone: it waits there for the sync (the bar), never lost. */
  const keepOnPhone = async (recon: WizardState['recon']) => {
    if (!store) {
      toast({ variant: 'destructive', title: 'This browser cannot keep cars without a signal.' });
      return;
    }
    uploads.detach();
    const finished: WizardState = { ...state, recon, step: 'complete', keptOnPhone: true };
    await store.finish(vehicleKey, finished, { vehicleId: state.vehicleId, reconSaved: false });
    toast({ title: SYNC_TEXT.keptToast });
    update({ recon, step: 'complete', keptOnPhone: true });
  };
  // Sent as before (created, notes saved): the draft on the phone has done its work.
  useEffect(() => {
    if (store && state.step === 'complete' && !state.keptOnPhone)
      void store.discardDraft(vehicleKey).catch(() => undefined);
  }, [store, state.step, state.keptOnPhone, vehicleKey]);
  // A live staff session (12 h) skips the password step, also after a reload; without one the
  // password comes first and signing in returns to the step the wizard was on.
  const current: UploadStep = !staff.data ? 'password' : (state.step ?? 'vin');

  // Move focus to the new step's heading so keyboard and screen-reader users follow along.
  const section = useRef<HTMLElement>(null);
  const previous = useRef(current);
  useEffect(() => {
    if (previous.current === current) return;
    previous.current = current;
    section.current?.querySelector<HTMLElement>('h2')?.focus();
    window.scrollTo({ top: 0 });
  }, [current]);

  if (staff.isPending || !loaded) return <PageLoading />;
  return (
    <PageFrame
      width="narrow"
      notices={<StaffNotices />}
      title="Upload Vehicle"
      actionsBeside
      actions={
        current !== 'password' ? (
          <div className="flex flex-wrap justify-end gap-1">
            <Link href={PAGE_PATHS.recon} className={buttonClasses('ghost', 'sm')}>
              <Wrench aria-hidden="true" className="h-4 w-4" />
              {WORK_ORDER_TEXT.reconLink}
            </Link>
            <Link href={PAGE_PATHS.myUploads} className={buttonClasses('ghost', 'sm')}>
              <ListChecks aria-hidden="true" className="h-4 w-4" />
              {MY_UPLOADS_TEXT.link}
            </Link>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => logout.mutate(undefined, { onSettled: () => startOver('password') })}
              disabled={logout.isPending}
              icon={LogOut}
            >
              Sign out
            </Button>
          </div>
        ) : null
      }
    >
      <div className="mt-6">
        <UploadStepIndicator current={current} />
      </div>
      <section
        ref={section}
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        {current === 'password' ? (
          <PasswordStep
            onVerified={() => update({ step: state.step && state.step !== 'password' ? state.step : 'vin' })}
          />
        ) : null}
        {current === 'vin' ? <VinStep state={state} update={update} /> : null}
        {current === 'video' ? <VideoStep state={state} update={update} store={store} /> : null}
        {current === 'photos' ? (
          <PhotosStep state={state} update={update} uploads={uploads} interrupted={interrupted} />
        ) : null}
        {current === 'condition' ? <ConditionStep state={state} update={update} uploads={uploads} /> : null}
        {current === 'recon' ? <ReconStep state={state} update={update} onKeepOnPhone={keepOnPhone} /> : null}
        {current === 'complete' ? (
          <CompleteStep state={state} onUploadAnother={() => startOver('password')} />
        ) : null}
      </section>
    </PageFrame>
  );
}
