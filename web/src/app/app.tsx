import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, useState } from 'react';
import { SiteLayout } from '@/app/layout/site-layout';
import { AppRoutes } from '@/app/router';
import { PurchaseConfirmationHost } from '@/components/buying/purchase-confirmation-host';
import { useToasts } from '@/components/ui/use-toast';
import { afterLoadAndIdle } from '@/lib/when-idle';

type ToasterModule = typeof import('@/components/ui/toaster');
let toasterModule: ToasterModule | null = null;

/**
 * The toast area's code (Radix Toast) is not in the first chunk: it loads when the page is idle, or
 * at once when a toast is shown before that (the toast waits for it). A load that fails (a page
 * opened without signal whose code was not kept) is tried again when the signal returns; it never
 * takes the page down with it, as a failed lazy component did (the staff app keeps this code on the
 * phone too: vite.config.ts).
 */
function ToasterHost() {
  const toasts = useToasts();
  const [idle, setIdle] = useState(false);
  const [toaster, setToaster] = useState(toasterModule);
  useEffect(() => afterLoadAndIdle(() => setIdle(true)), []);
  const wanted = idle || toasts.length > 0;
  useEffect(() => {
    if (!wanted || toaster) return;
    let active = true;
    const load = () =>
      import('@/components/ui/toaster').then(
        (module) => {
          toasterModule = module;
          if (active) setToaster(module);
        },
        () => undefined,
      );
    void load();
    window.addEventListener('online', load);
    return () => {
      active = false;
      window.removeEventListener('online', load);
    };
  }, [wanted, toaster]);
  return toaster ? <toaster.Toaster /> : null;
}

/** The whole app, as the browser renders it and as the server renders a page's first HTML (app/entry-server.tsx). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SiteLayout>
          <AppRoutes />
        </SiteLayout>
        <ToasterHost />
        <PurchaseConfirmationHost />
      </QueryClientProvider>
    </StrictMode>
  );
}
