import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { SiteLayout } from '@/app/layout/site-layout';
import { AppRoutes } from '@/app/router';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import './index.css';

const queryClient = createQueryClient();

const root = createRoot(document.getElementById('root')!);
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
