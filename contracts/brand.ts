/**
 * Branding is configuration (docs/design.md §1). The server parses it from the environment once
 * (server/src/config.ts) and embeds it in the served HTML; the web app reads it from there.
 * Nothing here is secret. This module has no runtime dependency, so the landing page stays light.
 */
export interface PartnerTile {
  name: string;
  label: string;
}

export interface Brand {
  productName: string;
  /** Human-readable phone number, shown on screen. */
  phoneDisplay: string;
  /** E.164 form, used for sms: and tel: links. */
  phoneE164: string;
  certificationDocsUrl: string;
  partners: PartnerTile[];
}

/** The spec's three partner labels (docs/product.md §1), in order. */
export const PARTNER_LABELS = ['Publicly Traded', 'National Chain', 'Fortune 500'] as const;

export const DEFAULT_BRAND: Brand = {
  productName: 'Deal Machine',
  phoneDisplay: '(555) 010-0142',
  phoneE164: '+15550100142',
  certificationDocsUrl: 'https://www.nhtsa.gov/vehicle-safety/certification',
  partners: [
    { name: 'Summit Auto Group', label: PARTNER_LABELS[0] },
    { name: 'Crossroads Motors', label: PARTNER_LABELS[1] },
    { name: 'Meridian Automotive', label: PARTNER_LABELS[2] },
  ],
};

/** The premium certification reads as the product name followed by 'Certified' (docs/product.md §2). */
export const premiumCertification = (brand: Pick<Brand, 'productName'>) => `${brand.productName} Certified`;

/** Where the server puts the brand JSON in the HTML it serves. */
export const BRAND_ELEMENT_ID = 'brand-config';
/** Where the server puts the brand for its page renderer, which has no page to read it from (ADR 0016). */
export const SSR_BRAND_GLOBAL = '__dealMachineBrand';
/**
 * The element in which the server hands the browser the query cache it rendered a page's HTML from:
 * the browser starts from the same data and hydrates that HTML instead of rendering it again.
 */
export const SSR_STATE_ELEMENT_ID = 'ssr-state';
/**
 * The element in which the server, when it renders the admin page's frame, names the admin its
 * session is (`{ "email": … }`, ADR 0051): the page then shows the same e-mail the frame did.
 */
export const ADMIN_FRAME_ELEMENT_ID = 'admin-frame';
/**
 * The `<meta name>` in which the server names, on a page with live updates, where that page's first
 * live stream starts (`?since=`, ADR 0008): the newest event and the database's snapshot as the
 * HTML was made. The page's reads all come after it, so the stream replays what they may have missed.
 */
export const LIVE_SINCE_META_NAME = 'live-since';
