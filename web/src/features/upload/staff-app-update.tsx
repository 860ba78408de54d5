import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useStaffApp } from '@/lib/pwa/use-staff-app';

export const STAFF_APP_TEXT = {
  updateReady: 'A new version is ready',
  reload: 'Reload',
} as const;

/**
 * Mounted once on each staff page: registers the staff app's service worker and, when a new
 * version has installed, offers to switch to it now (otherwise it takes over on the next open).
 */
export function StaffAppUpdate() {
  const { updateReady, reload } = useStaffApp();
  if (!updateReady) return null;
  return (
    <div
      role="status"
      className="mb-4 flex items-center justify-between gap-3 rounded-xl border border-brand-100 bg-brand-50 px-4 py-2 text-sm text-slate-900"
    >
      <span>{STAFF_APP_TEXT.updateReady}</span>
      <Button variant="outline" size="lg" onClick={reload}>
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        {STAFF_APP_TEXT.reload}
      </Button>
    </div>
  );
}
