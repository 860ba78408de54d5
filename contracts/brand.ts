import { z } from 'zod';

/**
 * Branding is configuration (DESIGN.md §1). The server parses it from the environment once and
 * embeds it in the served HTML; the web app reads it from there. Nothing here is secret.
 */
export const partnerTileSchema = z.object({ name: z.string().min(1), label: z.string().min(1) });

export const brandSchema = z.object({
  productName: z.string().min(1),
  /** Human-readable phone number, shown on screen. */
  phoneDisplay: z.string().min(1),
  /** E.164 form, used for sms: and tel: links. */
  phoneE164: z.string().regex(/^\+[1-9]\d{6,14}$/),
  certificationDocsUrl: z.url(),
  partners: z.array(partnerTileSchema).length(3),
});
export type Brand = z.infer<typeof brandSchema>;
export type PartnerTile = z.infer<typeof partnerTileSchema>;

/** The spec's three partner labels (§1), in order. */
export const PARTNER_LABELS = ['Publicly Traded', 'National Chain', 'Fortune 500'] as const;

export const DEFAULT_BRAND: Brand = {
  productName: 'Deal Machine',
  phoneDisplay: '(555) 010-0142',
  phoneE164: '+15550100142',
  certificationDocsUrl: 'https://www.nhtsa.gov/recalls',
  partners: [
    { name: 'Summit Auto Group', label: PARTNER_LABELS[0] },
    { name: 'Crossroads Motors', label: PARTNER_LABELS[1] },
    { name: 'Meridian Automotive', label: PARTNER_LABELS[2] },
  ],
};

/** The premium certification reads as the product name followed by 'Certified' (spec §2). */
export const premiumCertification = (brand: Pick<Brand, 'productName'>) => `${brand.productName} Certified`;

/** Where the server puts the brand JSON in the HTML it serves. */
export const BRAND_ELEMENT_ID = 'brand-config';
