import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function SiteLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const shown = useRef<string | null>(null);
  // A new page of the app starts at its top, as a full page load would. Not the page the browser
  // loaded: the browser placed it (top, #anchor or restored on reload), and on a server-rendered
  // page the reader may have scrolled before the app attached — moving it then would put another
  // control under a tap already on its way (docs/design.md §12).
  useEffect(() => {
    if (shown.current !== null && shown.current !== location) window.scrollTo(0, 0);
    shown.current = location;
  }, [location]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
