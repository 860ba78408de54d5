import { type PageKey, pageMeta } from '@contracts/routes';
import { useEffect } from 'react';
import { brand } from './brand';

/** Sets <title> and the meta description for the current page. */
export function usePageMeta(key: PageKey | 'notFound', overrideTitle?: string) {
  useEffect(() => {
    const meta = pageMeta(key, brand.productName);
    document.title = overrideTitle ? `${overrideTitle} | ${brand.productName}` : meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [key, overrideTitle]);
}
