import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy } from 'react';

/** A page's module: the page, and what its first render waits for when it opens a visit (router.tsx). */
type PageModule<P> = { default: ComponentType<P>; prepare?: (queryClient: QueryClient) => Promise<unknown> };

/**
 * A page whose code loads on demand (React.lazy) or ahead (`preload`). Once its code is there,
 * rendering it does not suspend: otherwise React shows the loading placeholder first and then holds
 * the page back for up to 300 ms (its Suspense reveal throttle) — on the first page of a visit,
 * whose code the server preloads with the HTML, that wait was most of the time to its largest paint.
 */
export function lazyPage<P>(load: () => Promise<PageModule<P>>) {
  let loaded: PageModule<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  // A thenable that answers at once: React.lazy resolves it during the render, without suspending.
  const settledAlready = (module: PageModule<P>) =>
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, the one React.lazy reads
    ({ then: (resolve: (value: PageModule<P>) => void) => resolve(module) }) as Promise<PageModule<P>>;
  const Page = lazy(() => (loaded ? settledAlready(loaded) : preload()));
  return { Page, preload };
}
