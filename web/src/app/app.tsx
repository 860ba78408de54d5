import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { SiteLayout } from '@/app/layout/site-layout';
import { AppRoutes } from '@/app/router';
import { PurchaseConfirmationHost } from '@/components/buying/purchase-confirmation-host';
import { Toaster } from '@/components/ui/toaster';

/** The whole app, as the browser renders it and as the server renders a page's first HTML (app/entry-server.tsx). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  // Once the app has committed (hydrated a server-rendered page, or rendered one), its buttons
  // answer: said on <html> for the browser journeys (e2e/support/browser-page.ts).
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SiteLayout>
          <AppRoutes />
        </SiteLayout>
        <Toaster />
        <PurchaseConfirmationHost />
      </QueryClientProvider>
    </StrictMode>
  );
}
