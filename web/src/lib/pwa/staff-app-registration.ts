import { STAFF_APP_SCOPE, STAFF_SW_PATH, STAFF_SW_SKIP_WAITING } from '@contracts/staff-app';
import { loadedAndIdle } from '@/lib/when-idle';

/**
 * The staff app's service worker (docs/design.md §17, ADR 0029), registered from the staff pages only
 * (this module is imported by them, never by the public pages' code), once the page has loaded and
 * the browser is idle: installing it (it downloads the staff app's files) never competes with the
 * page's own first requests. One registration a visit, whichever staff page asked first.
 */
let registering: Promise<ServiceWorkerRegistration | null> | null = null;

export function registerStaffApp(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(null);
  registering ??= loadedAndIdle()
    .then(() =>
      // updateViaCache 'none': the browser asks the server for the script on each check, never its HTTP cache.
      navigator.serviceWorker.register(STAFF_SW_PATH, { scope: STAFF_APP_SCOPE, updateViaCache: 'none' }),
    )
    .catch(() => null);
  return registering;
}

/**
 * Calls `onWaiting` with a new version that has installed and waits to take over from the one in
 * control (a first install has nothing to replace, so it is not "new"). Returns the unsubscribe.
 */
export function watchForUpdate(
  registration: ServiceWorkerRegistration,
  onWaiting: (worker: ServiceWorker) => void,
): () => void {
  const isUpdate = () => navigator.serviceWorker.controller !== null;
  if (registration.waiting && isUpdate()) onWaiting(registration.waiting);
  const onInstalled = (event: Event) => {
    const worker = event.target as ServiceWorker;
    if (worker.state === 'installed' && isUpdate()) onWaiting(worker);
  };
  const onFound = () => registration.installing?.addEventListener('statechange', onInstalled);
  registration.addEventListener('updatefound', onFound);
  return () => registration.removeEventListener('updatefound', onFound);
}

/** Lets the waiting version take over now, then reloads the page onto it. */
export function activateUpdate(worker: ServiceWorker) {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: STAFF_SW_SKIP_WAITING });
}
