import { isIP } from 'node:net';
import { resolve } from 'node:path';
import type { SaleTerms } from '@contracts/after-sale';
import { type Brand, DEFAULT_BRAND, PARTNER_LABELS, premiumCertification } from '@contracts/brand';
import {
  defaultGuaranteeTerms,
  GUARANTEE_ITEM_KEYS,
  type GuaranteeItem,
  type GuaranteeTermsByLevel,
} from '@contracts/guarantee';
import { centsToDecimal, toCents } from '@contracts/money';
import { z } from 'zod';

/**
 * Every environment variable the server reads, validated once at boot (docs/conventions.md rule 4).
 * Only this file touches process.env. `.env.example` documents each key.
 */

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
/** A guarantee's covered items: comma-separated keys of GUARANTEE_ITEMS, "none" for none; unset: the level's default. */
const guaranteeItemsEnv = () =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((v, ctx) => {
        if (v.trim().toLowerCase() === 'none') return [] as GuaranteeItem[];
        const items = v.split(',').map((item) => item.trim());
        const unknown = items.filter((item) => !(GUARANTEE_ITEM_KEYS as readonly string[]).includes(item));
        if (unknown.length > 0) {
          ctx.addIssue({
            code: 'custom',
            message: `unknown item ${unknown.join(', ')}: use ${GUARANTEE_ITEM_KEYS.join(', ')} or none`,
          });
          return z.NEVER;
        }
        return [...new Set(items)] as GuaranteeItem[];
      })
      .optional(),
  );
/** A deductible in dollars (0 for none); unset: the level's default. */
const deductibleEnv = () =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((v, ctx) => {
        const cents = /^\s*0+(\.0+)?\s*$/.test(v) ? 0 : toCents(v);
        if (cents === null) {
          ctx.addIssue({ code: 'custom', message: 'must be an amount in dollars, e.g. 250 or 0' });
          return z.NEVER;
        }
        return centsToDecimal(cents);
      })
      .optional(),
  );
const booleanFlag = <T extends boolean | undefined>(fallback: T) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
      .optional()
      .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v))),
  );

export type TrustProxy = false | number | string[];

/** The S3-compatible bucket media are kept in (S3_*). */
export interface ObjectStorageConfig {
  /** Unset: AWS S3 itself, by region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** proxy-addr's names for address ranges, accepted by Fastify's trustProxy list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrCidr = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/** proxy-addr's named ranges, as it expands them (`@fastify/proxy-addr` IP_RANGES). */
const PROXY_RANGES: Record<string, string[]> = {
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  loopback: ['127.0.0.1/8', '::1/128'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** An address (already checked by isIP) as an integer: 32 bits for IPv4, 128 for IPv6. */
function addressBits(address: string): { family: 4 | 6; bits: bigint } {
  const ipv4 = (text: string) => text.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
  if (isIP(address) === 4) return { family: 4, bits: ipv4(address) };
  let text = address.split('%')[0] ?? '';
  // An IPv4 tail (::ffff:1.2.3.4) is the last two groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    const v4 = ipv4(tail);
    text = `${text.slice(0, -tail.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groupsOf(head);
  const right = rest === undefined ? [] : groupsOf(rest);
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return { family: 6, bits: groups.reduce((n, g) => (n << 16n) | BigInt(Number.parseInt(g, 16)), 0n) };
}

/** The IPv4-mapped IPv6 block, ::ffff:0:0/96. */
const MAPPED_START = 0xffffn << 32n;
const MAPPED_END = MAPPED_START + (1n << 32n);

/**
 * Which address family, if any, the trusted ranges cover whole, the way proxy-addr matches them:
 * an IPv4-mapped client (::ffff:a.b.c.d) is matched as IPv4, against IPv4 ranges and IPv4-mapped
 * IPv6 ranges of prefix ≥ 96; a native IPv6 client only against IPv6 ranges that are not IPv4-mapped.
 * The ranges are merged as integer intervals, so pieces (0.0.0.0/1 + 128.0.0.0/1) count as a whole.
 */
function familyCoveredWhole(entries: string[]): { family: 4 | 6; by: string[] } | null {
  const spans: Record<4 | 6, { start: bigint; end: bigint; entry: string }[]> = { 4: [], 6: [] };
  for (const entry of entries)
    for (const cidr of PROXY_RANGES[entry] ?? [entry]) {
      const [address = '', prefixText] = cidr.split('/');
      const { family, bits } = addressBits(address);
      const width = family === 4 ? 32n : 128n;
      const prefix = prefixText === undefined ? width : BigInt(prefixText);
      const size = 1n << (width - prefix);
      const start = bits & ~(size - 1n);
      const isMapped = family === 6 && bits >= MAPPED_START && bits < MAPPED_END;
      // A mapped address without a prefix is stored as its IPv4 address by proxy-addr.
      if (isMapped && prefixText === undefined)
        spans[4].push({ start: bits - MAPPED_START, end: bits - MAPPED_START + 1n, entry });
      else if (isMapped) {
        if (prefix >= 96n)
          spans[4].push({ start: start - MAPPED_START, end: start - MAPPED_START + size, entry });
      } else spans[family].push({ start, end: start + size, entry });
    }
  // Native IPv6 clients never fall in the mapped block (they are matched as IPv4): it counts as covered.
  spans[6].push({ start: MAPPED_START, end: MAPPED_END, entry: '' });
  for (const family of [4, 6] as const) {
    const end = family === 4 ? 1n << 32n : 1n << 128n;
    let reached = 0n;
    for (const span of [...spans[family]].sort((a, b) =>
      a.start < b.start ? -1 : a.start > b.start ? 1 : 0,
    )) {
      if (span.start > reached) break;
      if (span.end > reached) reached = span.end;
    }
    if (reached >= end)
      return { family, by: [...new Set(spans[family].map((s) => s.entry).filter(Boolean))] };
  }
  return null;
}

/**
 * TRUST_PROXY: unset/false, a hop count (`1` = the app sits behind one proxy), or the proxies'
 * addresses/CIDRs. `true` would trust every hop, so the client's own left-most X-Forwarded-For entry
 * would become its address and walk around every per-address limit: refused with what to set.
 */
function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  const v = value?.trim().toLowerCase();
  if (v === undefined || v === 'false' || v === 'no' || v === '0') return false;
  if (v === 'true' || v === 'yes') {
    ctx.addIssue({
      code: 'custom',
      message:
        'must not be true: trusting every hop lets a client choose its own address with X-Forwarded-For. ' +
        'Set the number of proxies in front of the app (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 10) return hops;
  }
  const entries = v.split(',').map((e) => e.trim());
  // A /0 is every address: the same as `true`.
  const everyone = entries.filter((e) => /\/0+$/.test(e));
  if (everyone.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message:
        `must not trust every address (${everyone.join(', ')}): that lets a client choose its own address with X-Forwarded-For. ` +
        'Set the number of proxies in front of the app (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  }
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be false, a number of proxies (1 to 10), or a comma-separated list of proxy addresses/CIDRs; not an address: ${bad.join(', ')}`,
    });
    return z.NEVER;
  }
  // Every address in pieces (0.0.0.0/1,128.0.0.0/1) is every address too (issue #43).
  const covered = familyCoveredWhole(entries);
  if (covered) {
    const named =
      covered.by.length > 8 ? [...covered.by.slice(0, 8), `and ${covered.by.length - 8} more`] : covered.by;
    ctx.addIssue({
      code: 'custom',
      message:
        `must not trust every address: ${named.join(', ')} together cover every IPv${covered.family} address, ` +
        'which lets a client choose its own address with X-Forwarded-For. ' +
        'Set the number of proxies in front of the app (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  }
  return entries;
}

const MB = 1024 * 1024;

/** An upload quota (issue #43): a whole number from 1 to 1,000,000. */
const uploadCap = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number from 1 to 1000000' })
      .int('must be a whole number from 1 to 1000000')
      .min(1, 'must be a whole number from 1 to 1000000')
      .max(1_000_000, 'must be a whole number from 1 to 1000000')
      .default(fallback),
  );

const envSchema = z.object({
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  /** How many photos are decoded and encoded at once (each 12 MP photo holds ~100 MB while it is). */
  PHOTO_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number from 1 to 8' })
      .int('must be a whole number from 1 to 8')
      .min(1, 'must be a whole number from 1 to 8')
      .max(8, 'must be a whole number from 1 to 8')
      .default(1),
  ),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => URL.canParse(v) && /^postgres(ql)?:$/.test(new URL(v).protocol), {
        message: 'must be a URL like postgres://user:password@host:5432/database',
      })
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** Unset: decided by the database (see seedDemo in loadConfig). */
  SEED_DEMO: booleanFlag(undefined),
  ADMIN_EMAILS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((v) => (v ? v.split(',').map((e) => e.trim().toLowerCase()) : []))
      .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses'))),
  ),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(10, 'must be at least 10 characters').optional(),
  ),
  UPLOAD_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(6, 'must be at least 6 characters').optional(),
  ),
  /** Public origin (e.g. https://wholesale.example.com); enables Secure cookies and the Origin check. */
  PUBLIC_ORIGIN: z.preprocess(emptyToUndefined, z.url('must be an absolute URL').optional()),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()).transform(parseTrustProxy),
  /** The OpenAPI document and /api/docs are admin-only unless this is true (e.g. in development). */
  API_DOCS_PUBLIC: booleanFlag(false),
  /** Attempts per minute per IP and per target on sign-ins and code-bearing endpoints. */
  SIGN_IN_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(10)),
  /** Failed buy-code checks a day from one address (IPv6: one /64), across every code-bearing endpoint. */
  CODE_GUESS_ADDRESS_PER_DAY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(10_000_000).default(100),
  ),
  /** Failed buy-code checks a minute / a day from all addresses that never used a code successfully. */
  CODE_GUESS_GLOBAL_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(10_000_000).default(30),
  ),
  CODE_GUESS_GLOBAL_PER_DAY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(100_000_000).default(1000),
  ),
  SHUTDOWN_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(120_000).default(10_000),
  ),
  VPIC_BASE_URL: z.preprocess(
    emptyToUndefined,
    z.url('must be an absolute URL').default('https://vpic.nhtsa.dot.gov/api'),
  ),
  VPIC_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(60_000).default(4000)),
  CLOUDINARY_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^cloudinary:\/\/[^:@\s]+:[^@\s]+@[A-Za-z0-9_-]+$/,
        'must look like cloudinary://API_KEY:API_SECRET@CLOUD_NAME',
      )
      .optional(),
  ),
  CLOUDINARY_API_BASE: z.preprocess(
    emptyToUndefined,
    z.url('must be an absolute URL').default('https://api.cloudinary.com'),
  ),
  GOOGLE_SHEET_ID: optionalString,
  GOOGLE_API_KEY: optionalString,
  GOOGLE_SHEETS_RANGE: z.preprocess(emptyToUndefined, z.string().max(200).default("'RAW DATA'!A2:J")),
  GOOGLE_SHEETS_BASE_URL: z.preprocess(
    emptyToUndefined,
    z.url('must be an absolute URL').default('https://sheets.googleapis.com'),
  ),
  SHEET_CSV_URL: z.preprocess(emptyToUndefined, z.url('must be an absolute URL').optional()),
  SHEET_FETCH_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(120_000).default(15_000),
  ),
  SHEET_MAX_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(1024)
      .max(200 * 1024 * 1024)
      .default(20 * 1024 * 1024),
  ),
  /** The seller's postal address on generated bills of sale (lines separated by "\n" or " | "). */
  SELLER_ADDRESS: optionalString,
  /** Sale terms (docs/design.md §8), recorded on each transaction when it is made. */
  SALE_PAYMENT_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(60).default(3)),
  SALE_TITLE_DAYS_WITH_DEAL: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(60).default(5),
  ),
  SALE_TITLE_DAYS_ABSENT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(120).default(21)),
  SALE_GUARANTEE_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(60).default(7)),
  /** A guarantee claim's deadlines in business days (issue #48, docs/decisions/0041-claim-cases.md). */
  CLAIM_EVIDENCE_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(30).default(2)),
  CLAIM_DECISION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(30).default(3)),
  CLAIM_PAY_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(30).default(3)),
  SALE_LATE_FEE_PERCENT: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(25).default(0)),
  /**
   * The guarantee per certification level (docs/decisions/0040-guarantee-clock.md): what is covered
   * (comma-separated GUARANTEE_ITEMS keys, or "none": sold as is) and the deductible per claim. The
   * premium level's window is SALE_GUARANTEE_DAYS; Auction Certified's GUARANTEE_AUCTION_DAYS.
   */
  GUARANTEE_PREMIUM_COVERED: guaranteeItemsEnv(),
  GUARANTEE_PREMIUM_DEDUCTIBLE: deductibleEnv(),
  GUARANTEE_AUCTION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(60).default(7)),
  GUARANTEE_AUCTION_COVERED: guaranteeItemsEnv(),
  GUARANTEE_AUCTION_DEDUCTIBLE: deductibleEnv(),
  SALE_TIME_ZONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone, e.g. America/Chicago')
      .default('America/New_York'),
  ),
  /** The time one sync spends importing its `images` column; the rest waits for the next sync. */
  SHEET_IMAGE_BUDGET_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(600_000).default(25_000),
  ),
  /** Extra CA certificates (PEM file) trusted for the sheet's image hosts, besides the system's. */
  SHEET_IMAGE_CA_FILE: optionalString,
  /**
   * Non-public networks the sheet's image URLs may reach (comma-separated CIDRs, e.g. a company's
   * image server at 10.1.2.0/24); unset: public addresses only (ADR 0019).
   */
  SHEET_IMAGE_ALLOWED_NETWORKS: z
    .preprocess(emptyToUndefined, z.string().optional())
    .transform((value, ctx) => {
      const entries = (value ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const bad = entries.filter((e) => !e.includes('/') || !isAddressOrCidr(e) || /\/0+$/.test(e));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be comma-separated CIDRs of the networks allowed besides public ones (not /0), e.g. 10.1.2.0/24; not: ${bad.join(', ')}`,
        });
        return z.NEVER;
      }
      return entries;
    }),
  /** smtp://user:pass@host:587 or smtps://…; unset: notifications are recorded as suppressed, not sent. */
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => URL.canParse(v) && /^smtps?:$/.test(new URL(v).protocol), {
        message: 'must be a URL like smtp://user:password@mail.example.com:587',
      })
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  /** Twilio Messages API (SMS): the three go together; unset: SMS rows are recorded as suppressed. */
  TWILIO_ACCOUNT_SID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio Account SID: AC followed by 32 hex digits')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'must be the account auth token (at least 16 characters)').max(200).optional(),
  ),
  TWILIO_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^(\+[1-9]\d{6,14}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11})$/,
        'must be an E.164 number such as +15550100199 (or an alphanumeric sender ID of up to 11 characters)',
      )
      .optional(),
  ),
  TWILIO_API_BASE: z.preprocess(
    emptyToUndefined,
    z.url('must be an absolute URL').default('https://api.twilio.com'),
  ),
  /** Certified delivery (docs/design.md §15): where cars stand unless a listing says otherwise. */
  LOT_ZIP: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{5}$/, 'must be a 5-digit US ZIP code')
      .default('75050'),
  ),
  /** Per-mile rate bands, marginal: "up to 500 mi at $1.60, to 1,000 at $1.10, beyond at $0.85". */
  TRANSPORT_RATES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('500:1.60,1000:1.10,*:0.85')
      .transform((v, ctx) => {
        const bands = v.split(',').map((part) => {
          const [upTo, rate] = part.trim().split(':');
          return { upToMiles: upTo === '*' ? null : Number(upTo), perMile: Number(rate) };
        });
        const ok =
          bands.length > 0 &&
          bands.at(-1)!.upToMiles === null &&
          bands.every(
            (b, i) =>
              Number.isFinite(b.perMile) &&
              b.perMile > 0 &&
              (i === bands.length - 1 ||
                (b.upToMiles !== null && b.upToMiles > (i === 0 ? 0 : (bands[i - 1]!.upToMiles ?? 0)))),
          );
        if (!ok) {
          ctx.addIssue({
            code: 'custom',
            message:
              'must be bands like "500:1.60,1000:1.10,*:0.85" (miles up to : dollars a mile, the last one *)',
          });
          return z.NEVER;
        }
        return bands;
      }),
  ),
  TRANSPORT_MINIMUM: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(10_000).default(250)),
  TRANSPORT_ENCLOSED_PERCENT: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(300).default(50)),
  TRANSPORT_INOPERABLE_FEE: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(5_000).default(150)),
  /**
   * How far the dealer's odometer at arrival may differ from the bill of sale's (miles, either way)
   * before the delivery confirmation is held for an admin (issue #44).
   */
  DELIVERY_ODOMETER_TOLERANCE_MILES: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(100_000).default(500),
  ),
  /** A Super Dispatch-style carrier API (OAuth2 client credentials); all four or none (our team arranges). */
  CARRIER_API_URL: z.preprocess(emptyToUndefined, z.url('must be an absolute URL').optional()),
  CARRIER_CLIENT_ID: optionalString,
  CARRIER_CLIENT_SECRET: optionalString,
  CARRIER_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  /** A NextGear-style floor-plan lender API; all three or none (our team calls the lender). */
  LENDER_API_URL: z.preprocess(emptyToUndefined, z.url('must be an absolute URL').optional()),
  LENDER_API_KEY: optionalString,
  LENDER_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  /** How often each instance sends what waits for the carrier and the lender, and releases transports. */
  INTEGRATION_INTERVAL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(3_600_000).default(5000),
  ),
  /** How often the "insights" job refreshes the insight facts when a sale, offer or car changed. */
  INSIGHTS_INTERVAL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  ),
  /**
   * The demo's sales history after a first start: the first start writes what the screens need at
   * once, the "demo-history" job the rest, after the server listens. At most the seed's count: no job.
   */
  DEMO_HISTORY_SALES: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int('must be a whole number').min(0).max(100_000).default(3000),
  ),
  /** How often the "guide" job takes new sales into the facts (and refits the guide when a day old). */
  GUIDE_INTERVAL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  ),
  /** Signs one-click unsubscribe links; unset: one is generated once and kept in app_settings. */
  NOTIFICATION_LINK_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 48)').optional(),
  ),
  /** How often each instance looks for due notifications. */
  NOTIFICATION_INTERVAL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(3_600_000).default(5000),
  ),
  /** How often each live stream (GET /api/events) gets a heartbeat and its session is re-checked. */
  LIVE_HEARTBEAT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be between 100 and 300000 ms')
      .max(300_000, 'must be between 100 and 300000 ms')
      .default(25_000),
  ),
  /** A failed message is retried after this × 2^(attempts − 1); 1 minute in production (docs/design.md §6). */
  NOTIFICATION_RETRY_BASE_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be between 100 and 3600000 ms')
      .max(3_600_000, 'must be between 100 and 3600000 ms')
      .default(60_000),
  ),
  /** S3-compatible media storage (ADR 0014): S3_BUCKET turns it on; unset, media stay in DATA_DIR. */
  S3_ENDPOINT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
        message: 'must be an http(s) URL like https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000',
      })
      .optional(),
  ),
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  S3_REGION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name like us-east-1')
      .default('us-east-1'),
  ),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().max(256).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().max(256).optional()),
  /** Unset: path-style (`endpoint/bucket/key`) when S3_ENDPOINT is set (MinIO, Ceph…), virtual hosts on AWS. */
  S3_FORCE_PATH_STYLE: booleanFlag(undefined),
  /** Unfinished uploads (tus) expire after this many minutes without receiving a byte (issue #43). */
  UPLOAD_EXPIRY_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of minutes from 1 to 1440' })
      .int('must be a whole number of minutes from 1 to 1440')
      .min(1, 'must be a whole number of minutes from 1 to 1440')
      .max(1440, 'must be a whole number of minutes from 1 to 1440')
      .default(60),
  ),
  /**
   * Unfinished uploads open at once, and the megabytes they declare together: per dealer session,
   * per dealership (all its sessions), per staff or admin session (issue #43).
   */
  UPLOAD_MAX_OPEN_DEALER_SESSION: uploadCap(10),
  UPLOAD_MAX_MB_DEALER_SESSION: uploadCap(500),
  UPLOAD_MAX_OPEN_DEALERSHIP: uploadCap(30),
  UPLOAD_MAX_MB_DEALERSHIP: uploadCap(1500),
  UPLOAD_MAX_OPEN_STAFF_SESSION: uploadCap(40),
  UPLOAD_MAX_MB_STAFF_SESSION: uploadCap(2000),
  /** Names this instance in an `X-Instance` response header (to see which instance answered behind a load balancer). */
  INSTANCE_NAME: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,40}$/, 'must be 1 to 40 letters, digits, dots, hyphens or underscores')
      .optional(),
  ),
  BRAND_NAME: z.preprocess(emptyToUndefined, z.string().max(60).default(DEFAULT_BRAND.productName)),
  BRAND_PHONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +15550100142')
      .default(DEFAULT_BRAND.phoneE164),
  ),
  BRAND_PHONE_DISPLAY: optionalString,
  CERTIFICATION_DOCS_URL: z.preprocess(
    emptyToUndefined,
    z.url('must be an absolute URL').default(DEFAULT_BRAND.certificationDocsUrl),
  ),
  BRAND_PARTNERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((v) => (v ? v.split(',').map((p) => p.trim()) : DEFAULT_BRAND.partners.map((p) => p.name)))
      .pipe(z.array(z.string().min(1)).length(3, 'must name exactly three partner groups, comma-separated')),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface CodeGuessingLimits {
  perAddressPerDay: number;
  globalPerMinute: number;
  globalPerDay: number;
}

/** Caps on unfinished uploads (issue #43): how many at once and their declared bytes together. */
export interface UploadCap {
  open: number;
  bytes: number;
}

/** Upload quotas and expiry (UPLOAD_*). */
export interface UploadQuotaConfig {
  /** An unfinished upload that receives no byte for this long expires. */
  expiryMs: number;
  dealerSession: UploadCap;
  dealership: UploadCap;
  /** A staff or an admin session. */
  staffSession: UploadCap;
}

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** Where the embedded database (PGlite) keeps its files: DATA_DIR/db. */
  pgliteDir: string;
  /** Uploaded videos and posters (local media backend): DATA_DIR/uploads. */
  uploadsDir: string;
  /** Condition-report photos processed at once (PHOTO_CONCURRENCY). */
  photoConcurrency: number;
  databaseUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  seedDemo: boolean;
  adminEmails: string[];
  adminPassword: string | undefined;
  uploadPassword: string | undefined;
  publicOrigin: string | undefined;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs. Never `true`. */
  trustProxy: TrustProxy;
  apiDocsPublic: boolean;
  shutdownTimeoutMs: number;
  signInRateLimit: number;
  codeGuessing: CodeGuessingLimits;
  vpic: { baseUrl: string; timeoutMs: number };
  cloudinary: { apiKey: string; apiSecret: string; cloudName: string; apiBase: string } | null;
  sheet: SheetSource | null;
  sheetLimits: { timeoutMs: number; maxBytes: number };
  /** The terms of new sales (SALE_*): business days to pay, deliver the title, claim; late fee; zone. */
  saleTerms: SaleTerms;
  /** The guarantee of each certification level (GUARANTEE_*), snapshotted into a sale's terms. */
  guaranteeTerms: GuaranteeTermsByLevel;
  /** SELLER_ADDRESS, one line per entry joined by newlines; null when unset. */
  sellerAddress: string | null;
  /** Importing the sheet's `images` column as photos (SHEET_IMAGE_BUDGET_MS, SHEET_IMAGE_CA_FILE). */
  sheetImages: { budgetMs: number; caFile: string | null; allowedNetworks: string[] };
  brand: Brand;
  /** Outgoing e-mail: null without SMTP_URL (rows are suppressed). `from` defaults to the brand at no-reply@host. */
  mail: { smtpUrl: string; from: string } | null;
  /** Text messages through the Twilio Messages API: null unless SID, token and sender are all set. */
  sms: { accountSid: string; authToken: string; from: string; apiBase: string; timeoutMs: number } | null;
  /** Key of the unsubscribe links' HMAC; undefined: the one kept in app_settings (generated once). */
  notificationLinkSecret: string | undefined;
  notificationIntervalMs: number;
  /** Live streams: heartbeat comment and session re-check interval. */
  liveHeartbeatMs: number;
  /** First retry delay of a failed notification; doubles with each attempt. */
  notificationRetryBaseMs: number;
  /** Media in an S3-compatible bucket (S3_*); null: on local disk under DATA_DIR. */
  objectStorage: ObjectStorageConfig | null;
  /** INSTANCE_NAME: sent as `X-Instance` on every response when set. */
  instanceName: string | undefined;
  /** Who may hold how many unfinished uploads, and for how long (UPLOAD_*). */
  uploadQuotas: UploadQuotaConfig;
  /** Certified delivery's origin and price (docs/design.md §15). */
  transport: { lotZip: string; rates: TransportRates; odometerToleranceMiles: number };
  /** The carrier API; null: transport is arranged by our team (admins move its status). */
  carrier: { baseUrl: string; clientId: string; clientSecret: string; webhookSecret: string } | null;
  /** The floor-plan lender API; null: our team calls the lender and records its answer. */
  lender: { baseUrl: string; apiKey: string; webhookSecret: string } | null;
  integrationIntervalMs: number;
  /** Insight facts refreshed after changes (docs/design.md §16). */
  insightsIntervalMs: number;
  /** New sales into the facts within this (a minute by default), the market guide refitted nightly. */
  guideIntervalMs: number;
  /** Cars sold in the demo's history once the "demo-history" job has run (DEMO_HISTORY_SALES). */
  demoHistorySales: number;
}

/** Certified delivery's rate table: marginal per-mile bands, a minimum, surcharges (dollars). */
export interface TransportRates {
  bands: { upToMiles: number | null; perMile: number }[];
  minimum: number;
  enclosedPercent: number;
  inoperableFee: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Formats a US 10-digit number as (555) 010-0142; other numbers are shown as given. */
const displayPhone = (e164: string) => {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : e164;
};

export type SheetSource =
  | { kind: 'sheets-api'; baseUrl: string; sheetId: string; apiKey: string; range: string }
  | { kind: 'csv'; url: string };

/** The Sheets API when both its keys are set, else a CSV URL, else nothing (sync answers how to set it). */
function sheetSource(env: Env): SheetSource | null {
  if (env.GOOGLE_SHEET_ID && env.GOOGLE_API_KEY) {
    return {
      kind: 'sheets-api',
      baseUrl: env.GOOGLE_SHEETS_BASE_URL.replace(/\/$/, ''),
      sheetId: env.GOOGLE_SHEET_ID,
      apiKey: env.GOOGLE_API_KEY,
      range: env.GOOGLE_SHEETS_RANGE,
    };
  }
  return env.SHEET_CSV_URL ? { kind: 'csv', url: env.SHEET_CSV_URL } : null;
}

const S3_KEYS = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/** S3_BUCKET with both keys, or nothing at all: half a configuration would put media on one instance's disk. */
function objectStorageOf(env: Env, source: Record<string, string | undefined>): ObjectStorageConfig | null {
  if (!env.S3_BUCKET) {
    const stray = S3_KEYS.filter((key) => source[key]?.trim());
    if (stray.length > 0)
      throw new ConfigError([
        `S3_BUCKET: must be set too when ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set (or leave every S3_* setting unset to keep media in DATA_DIR)`,
      ]);
    return null;
  }
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((key) => !env[key]);
  if (missing.length > 0)
    throw new ConfigError([
      `${missing.join(', ')}: must be set too: S3_BUCKET needs the bucket's credentials`,
    ]);
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
  };
}

function parseCloudinaryUrl(url: string | undefined, apiBase: string) {
  const match = url ? /^cloudinary:\/\/([^:]+):([^@]+)@(.+)$/.exec(url) : null;
  return match
    ? { apiKey: match[1]!, apiSecret: match[2]!, cloudName: match[3]!, apiBase: apiBase.replace(/\/$/, '') }
    : null;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? '');
        const got = source[key];
        const secret = /PASSWORD|KEY|TOKEN|SECRET|DATABASE_URL|CLOUDINARY_URL|SMTP_URL/.test(key);
        const shown = secret ? '' : ` (got "${got}")`;
        return `${key}: ${issue.message}${got === undefined ? '' : shown}`;
      }),
    );
  }
  const env = parsed.data;
  const twilio = {
    TWILIO_ACCOUNT_SID: env.TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: env.TWILIO_AUTH_TOKEN,
    TWILIO_FROM: env.TWILIO_FROM,
  };
  const missing = Object.entries(twilio)
    .filter(([, value]) => value === undefined)
    .map(([key]) => key);
  // Half a carrier or lender configuration would silently fall back to "arranged by our team".
  for (const [name, keys] of [
    [
      'the carrier',
      ['CARRIER_API_URL', 'CARRIER_CLIENT_ID', 'CARRIER_CLIENT_SECRET', 'CARRIER_WEBHOOK_SECRET'],
    ],
    ['the lender', ['LENDER_API_URL', 'LENDER_API_KEY', 'LENDER_WEBHOOK_SECRET']],
  ] as const) {
    const unset = keys.filter((key) => env[key] === undefined);
    if (unset.length > 0 && unset.length < keys.length)
      throw new ConfigError([
        `${unset.join(', ')}: must be set too: ${keys.join(', ')} go together for ${name} (or leave them all unset: our team arranges it)`,
      ]);
  }
  // Half a Twilio configuration would silently suppress every text: all three or none.
  if (missing.length > 0 && missing.length < 3) {
    throw new ConfigError([
      `${missing.join(', ')}: must be set too: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together (or leave all three unset to send no SMS)`,
    ]);
  }
  const brand: Brand = {
    productName: env.BRAND_NAME,
    phoneE164: env.BRAND_PHONE,
    phoneDisplay: env.BRAND_PHONE_DISPLAY ?? displayPhone(env.BRAND_PHONE),
    certificationDocsUrl: env.CERTIFICATION_DOCS_URL,
    partners: env.BRAND_PARTNERS.map((name, i) => ({ name, label: PARTNER_LABELS[i] ?? '' })),
  };
  return {
    host: env.HOST,
    port: env.PORT,
    dataDir: env.DATA_DIR,
    pgliteDir: resolve(env.DATA_DIR, 'db'),
    uploadsDir: resolve(env.DATA_DIR, 'uploads'),
    photoConcurrency: env.PHOTO_CONCURRENCY,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    // Demo buy codes work: a fresh production database must never get them unasked (docs/design.md §1),
    // so only the embedded database seeds unless SEED_DEMO says otherwise.
    seedDemo: env.SEED_DEMO ?? env.DATABASE_URL === undefined,
    adminEmails: env.ADMIN_EMAILS,
    adminPassword: env.ADMIN_PASSWORD,
    uploadPassword: env.UPLOAD_PASSWORD,
    publicOrigin: env.PUBLIC_ORIGIN,
    trustProxy: env.TRUST_PROXY,
    apiDocsPublic: env.API_DOCS_PUBLIC,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    signInRateLimit: env.SIGN_IN_RATE_LIMIT,
    codeGuessing: {
      perAddressPerDay: env.CODE_GUESS_ADDRESS_PER_DAY,
      globalPerMinute: env.CODE_GUESS_GLOBAL_PER_MINUTE,
      globalPerDay: env.CODE_GUESS_GLOBAL_PER_DAY,
    },
    vpic: { baseUrl: env.VPIC_BASE_URL, timeoutMs: env.VPIC_TIMEOUT_MS },
    cloudinary: parseCloudinaryUrl(env.CLOUDINARY_URL, env.CLOUDINARY_API_BASE),
    sheet: sheetSource(env),
    sheetLimits: { timeoutMs: env.SHEET_FETCH_TIMEOUT_MS, maxBytes: env.SHEET_MAX_BYTES },
    sheetImages: {
      budgetMs: env.SHEET_IMAGE_BUDGET_MS,
      caFile: env.SHEET_IMAGE_CA_FILE ?? null,
      allowedNetworks: env.SHEET_IMAGE_ALLOWED_NETWORKS,
    },
    sellerAddress: env.SELLER_ADDRESS ? env.SELLER_ADDRESS.split(/\s*(?:\\n|\|)\s*/).join('\n') : null,
    saleTerms: {
      paymentDays: env.SALE_PAYMENT_DAYS,
      titleDaysWithDeal: env.SALE_TITLE_DAYS_WITH_DEAL,
      titleDaysAbsent: env.SALE_TITLE_DAYS_ABSENT,
      guaranteeDays: env.SALE_GUARANTEE_DAYS,
      lateFeePercent: env.SALE_LATE_FEE_PERCENT,
      timeZone: env.SALE_TIME_ZONE,
      claimSla: {
        evidenceDays: env.CLAIM_EVIDENCE_DAYS,
        decisionDays: env.CLAIM_DECISION_DAYS,
        payDays: env.CLAIM_PAY_DAYS,
      },
    },
    guaranteeTerms: guaranteeTermsOf(env, brand),
    brand,
    mail: env.SMTP_URL
      ? {
          smtpUrl: env.SMTP_URL,
          from: env.MAIL_FROM ?? `${brand.productName} <no-reply@${new URL(env.SMTP_URL).hostname}>`,
        }
      : null,
    sms:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiBase: env.TWILIO_API_BASE.replace(/\/+$/, ''),
            timeoutMs: 10_000,
          }
        : null,
    notificationLinkSecret: env.NOTIFICATION_LINK_SECRET,
    notificationIntervalMs: env.NOTIFICATION_INTERVAL_MS,
    liveHeartbeatMs: env.LIVE_HEARTBEAT_MS,
    notificationRetryBaseMs: env.NOTIFICATION_RETRY_BASE_MS,
    objectStorage: objectStorageOf(env, source),
    instanceName: env.INSTANCE_NAME,
    uploadQuotas: {
      expiryMs: env.UPLOAD_EXPIRY_MINUTES * 60_000,
      dealerSession: {
        open: env.UPLOAD_MAX_OPEN_DEALER_SESSION,
        bytes: env.UPLOAD_MAX_MB_DEALER_SESSION * MB,
      },
      dealership: { open: env.UPLOAD_MAX_OPEN_DEALERSHIP, bytes: env.UPLOAD_MAX_MB_DEALERSHIP * MB },
      staffSession: { open: env.UPLOAD_MAX_OPEN_STAFF_SESSION, bytes: env.UPLOAD_MAX_MB_STAFF_SESSION * MB },
    },
    transport: {
      lotZip: env.LOT_ZIP,
      rates: {
        bands: env.TRANSPORT_RATES,
        minimum: env.TRANSPORT_MINIMUM,
        enclosedPercent: env.TRANSPORT_ENCLOSED_PERCENT,
        inoperableFee: env.TRANSPORT_INOPERABLE_FEE,
      },
      odometerToleranceMiles: env.DELIVERY_ODOMETER_TOLERANCE_MILES,
    },
    carrier:
      env.CARRIER_API_URL && env.CARRIER_CLIENT_ID && env.CARRIER_CLIENT_SECRET && env.CARRIER_WEBHOOK_SECRET
        ? {
            baseUrl: env.CARRIER_API_URL.replace(/\/+$/, ''),
            clientId: env.CARRIER_CLIENT_ID,
            clientSecret: env.CARRIER_CLIENT_SECRET,
            webhookSecret: env.CARRIER_WEBHOOK_SECRET,
          }
        : null,
    lender:
      env.LENDER_API_URL && env.LENDER_API_KEY && env.LENDER_WEBHOOK_SECRET
        ? {
            baseUrl: env.LENDER_API_URL.replace(/\/+$/, ''),
            apiKey: env.LENDER_API_KEY,
            webhookSecret: env.LENDER_WEBHOOK_SECRET,
          }
        : null,
    integrationIntervalMs: env.INTEGRATION_INTERVAL_MS,
    insightsIntervalMs: env.INSIGHTS_INTERVAL_MS,
    guideIntervalMs: env.GUIDE_INTERVAL_MS,
    demoHistorySales: env.DEMO_HISTORY_SALES,
  };
}

/** Each level's guarantee: the defaults (contracts/guarantee.ts), with what GUARANTEE_* and SALE_GUARANTEE_DAYS set. */
function guaranteeTermsOf(env: Env, brand: Brand): GuaranteeTermsByLevel {
  const defaults = defaultGuaranteeTerms(premiumCertification(brand));
  return {
    premium: {
      ...defaults.premium,
      days: env.SALE_GUARANTEE_DAYS,
      covered: env.GUARANTEE_PREMIUM_COVERED ?? defaults.premium.covered,
      deductible: env.GUARANTEE_PREMIUM_DEDUCTIBLE ?? defaults.premium.deductible,
    },
    auction: {
      ...defaults.auction,
      days: env.GUARANTEE_AUCTION_DAYS,
      covered: env.GUARANTEE_AUCTION_COVERED ?? defaults.auction.covered,
      deductible: env.GUARANTEE_AUCTION_DEDUCTIBLE ?? defaults.auction.deductible,
    },
  };
}
