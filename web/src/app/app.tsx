import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { SiteLayout } from '@/app/layout/site-layout';
import { AppRoutes } from '@/app/router';
import { PurchaseConfirmationHost } from '@/components/buying/purchase-confirmation-host';
import { useToasts } from '@/components/ui/use-toast';
import { afterLoadAndIdle } from '@/lib/when-idle';

// The toast area's code (Radix Toast) is not in the first chunk: it loads when the page is idle,
// or at once when a toast is shown before that.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function ToasterHost() {
  const toasts = useToasts();
  const [idle, setIdle] = useState(false);
  useEffect(() => afterLoadAndIdle(() => setIdle(true)), []);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
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
