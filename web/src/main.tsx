import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { SiteLayout } from '@/app/layout/site-layout';
import { AppRoutes, preparePageOf } from '@/app/router';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import './index.css';

const queryClient = createQueryClient();

const root = createRoot(document.getElementById('root')!);
// The first page's code (preloaded by the server with the HTML) is in before the first render, so
// the page paints at once instead of after its loading placeholder (app/lazy-page.ts), and its data
// is on its way (app/router.tsx). Should the code fail to load, the app renders anyway and the
// page's own loading and error handling take over.
void preparePageOf(window.location.pathname, queryClient)
  .catch(() => undefined)
  .then(() => {
    // As a transition the first render is time-sliced (React yields every few ms), so a slow phone
    // stays responsive while the page mounts instead of running one long task.
    startTransition(() => {
      root.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <SiteLayout>
              <AppRoutes />
            </SiteLayout>
            <Toaster />
          </QueryClientProvider>
        </StrictMode>,
      );
    });
  });
