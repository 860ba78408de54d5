import { SSR_STATE_ELEMENT_ID } from '@contracts/brand';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { preparePageOf } from '@/app/router';
import { createQueryClient } from '@/lib/api/query-client';
import './index.css';

const queryClient = createQueryClient();
const container = document.getElementById('root')!;

/** The query cache the server rendered this page's HTML from, when it rendered it (app/entry-server.tsx). */
function serverState(): DehydratedState | null {
  const text = document.getElementById(SSR_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return null;
  }
}
const state = serverState();
if (state) hydrate(queryClient, state);

// The first page's code (preloaded by the server with the HTML) is in before the first render, so
// the page paints at once instead of after its loading placeholder (app/lazy-page.ts), and its data
// is on its way (app/router.tsx). Should the code fail to load, the app renders anyway and the
// page's own loading and error handling take over.
void preparePageOf(window.location.pathname, queryClient)
  .catch(() => undefined)
  .then(() => {
    // As a transition the first render is time-sliced (React yields every few ms), so a slow phone
    // stays responsive while the page mounts instead of running one long task. A page the server
    // rendered is hydrated: its markup stays, React attaches to it.
    startTransition(() => {
      if (state) hydrateRoot(container, <App queryClient={queryClient} />);
      else createRoot(container).render(<App queryClient={queryClient} />);
    });
  });
