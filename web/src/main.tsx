import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SiteLayout } from '@/app/layout/site-layout';
import { AppRoutes } from '@/app/router';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import './index.css';

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SiteLayout>
        <AppRoutes />
      </SiteLayout>
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
