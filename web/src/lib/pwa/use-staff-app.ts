import { STAFF_MANIFEST_PATH } from '@contracts/staff-app';
import { useEffect, useState } from 'react';
import { activateUpdate, registerStaffApp, watchForUpdate } from './staff-app-registration';

/**
 * A staff page's part in the installable app: registers the service worker (after the page is
 * interactive), names the staff app's manifest while the page is shown (the server already does for
 * a staff page opened directly; this covers arriving from a public page inside the app), and says
 * when a new version waits ("A new version is ready").
 */
export function useStaffApp() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void registerStaffApp().then((registration) => {
      if (registration && !cancelled) stop = watchForUpdate(registration, setWaiting);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return;
    const before = link.getAttribute('href');
    link.setAttribute('href', STAFF_MANIFEST_PATH);
    return () => {
      if (before) link.setAttribute('href', before);
    };
  }, []);

  return { updateReady: waiting !== null, reload: () => waiting && activateUpdate(waiting) };
}
