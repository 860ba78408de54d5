import { PasswordStep } from './password-step';
import { StaffAppUpdate } from './staff-app-update';
import { PendingSyncBar } from './sync/pending-sync-bar';

/**
 * What each staff page (the upload wizard, Recon, My uploads) shows above its heading: the app's
 * update notice and the pending-sync bar (PageFrame's `notices`).
 */
export function StaffNotices() {
  return (
    <>
      <StaffAppUpdate />
      <PendingSyncBar />
    </>
  );
}

/** A staff page's sign-in with the upload password, in place of the page (Recon, My uploads). */
export function StaffSignIn() {
  return (
    <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <PasswordStep onVerified={() => undefined} />
    </section>
  );
}
