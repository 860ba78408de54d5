import {
  BRAND_ELEMENT_ID,
  type Brand,
  DEFAULT_BRAND,
  premiumCertification,
  SSR_BRAND_GLOBAL,
} from '@contracts/brand';

/**
 * The brand configuration the server embedded in the page (docs/design.md §1); it was validated
 * there at boot. During `vite` dev without the server, the defaults apply.
 */
function readBrand(): Brand {
  // On the server (app/entry-server.tsx), the server sets it before it loads the page renderer.
  if (typeof document === 'undefined')
    return (globalThis as { [SSR_BRAND_GLOBAL]?: Brand })[SSR_BRAND_GLOBAL] ?? DEFAULT_BRAND;
  const element = document.getElementById(BRAND_ELEMENT_ID);
  if (!element?.textContent) return DEFAULT_BRAND;
  try {
    return { ...DEFAULT_BRAND, ...(JSON.parse(element.textContent) as Partial<Brand>) };
  } catch {
    return DEFAULT_BRAND;
  }
}

export const brand: Brand = readBrand();
export const premiumLabel = premiumCertification(brand);
export const smsHref = `sms:${brand.phoneE164}`;
export const telHref = `tel:${brand.phoneE164}`;
