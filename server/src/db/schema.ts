import { DEFAULT_SALE_TERMS, type SaleTerms } from '@contracts/after-sale';
import { ALERT_CADENCES, ALERT_CHANNELS } from '@contracts/alert-delivery-texts';
import {
  MEMBER_TOKEN_PURPOSES,
  PASSKEY_CHALLENGE_PURPOSES,
  SESSION_PROOFS,
  SESSION_ROLES,
  TEAM_ROLES,
} from '@contracts/auth';
import { MATCH_REASONS } from '@contracts/buy-order-history';
import { STORED_BUY_ORDER_STATUSES } from '@contracts/buy-orders';
import type { DamageItem, Tires } from '@contracts/condition-report';
import {
  FLOOR_PLAN_ARRANGERS,
  FLOOR_PLAN_LENDERS,
  FLOOR_PLAN_STATUSES,
  INTEGRATION_OUTBOX_STATUSES,
  INTEGRATION_SYSTEMS,
  LIVE_FLOOR_PLAN_STATUSES,
  TRANSPORT_ARRANGERS,
  TRANSPORT_STATUSES,
} from '@contracts/delivery-texts';
import { JOB_OUTCOMES } from '@contracts/jobs';
import type { AlertKind } from '@contracts/notification-preferences';
import { type DealerContact, NOTIFICATION_CHANNELS, NOTIFICATION_STATUSES } from '@contracts/notifications';
import type { RecordedSkip } from '@contracts/required-shots';
import {
  OFFER_STATUSES,
  OPEN_OFFER_STATUSES,
  TRANSACTION_STATUSES,
  VEHICLE_STATUSES,
} from '@contracts/statuses';
import { CERTIFICATION_FILTERS, type VehicleSort } from '@contracts/vehicle-search-options';
import { PHOTO_STAGES, TASK_SOURCES, TASK_STATUSES, WORK_ORDER_STATUSES } from '@contracts/work-order-texts';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/*
 * The entities of docs/product.md §3 (TypeScript names are the spec's camelCase, columns are snake_case),
 * plus what docs/design.md §2–§4 adds: sessions, audit_log, idempotency_keys, rate_limit_hits, app_settings.
 * Money is numeric(10,2); timestamps are timestamptz.
 */

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const money = () => numeric({ precision: 10, scale: 2 });

/**
 * A list of values for a CHECK or a partial index (`status in (…)`), written as SQL literals in the
 * order given, as the migrations have them. The lists are the contracts' (status-lists.test.ts).
 */
const sqlList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));

export const dealers = pgTable(
  'dealers',
  {
    id: serial().primaryKey(),
    dealerName: text().notNull(),
    address: text().notNull(),
    contactName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    billingContactName: text().notNull(),
    billingContactEmail: text().notNull(),
    billingContactPhone: text().notNull(),
    titleContactName: text().notNull(),
    titleContactEmail: text().notNull(),
    titleContactPhone: text().notNull(),
    active: boolean().notNull().default(true),
    /** Where transport delivers by default (docs/design.md §15); null = the ZIP at the end of the address. */
    deliveryZip: text(),
    createdAt: createdAt(),
  },
  // Dealers sign in by name (trimmed, case-insensitive), so a name must identify one dealer.
  (t) => [
    uniqueIndex('dealers_name_ci_unique').on(sql`lower(btrim(${t.dealerName}))`),
    // The Dealers list's pages by name and newest first (issue #47, keyset-page.ts).
    index('dealers_name_idx').on(sql`lower(${t.dealerName})`, t.id),
    index('dealers_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Published = visible to the public: active and out of the queue (docs/product.md §4). Written with literals,
 * not parameters, so it matches the predicate of the partial search indexes below.
 */
export const isPublishedSql = (t: { status: AnyPgColumn; inQueue: AnyPgColumn }) =>
  sql`${t.status} = 'active' and ${t.inQueue} = false`;

/**
 * The sorts of GET /api/vehicles/search (the inventory's: newest = year descending, docs/product.md §2), each
 * as a key that is never null (a missing value becomes a sentinel that sorts last) and a tie-break
 * on the id (newest listing first), so a page boundary is one row comparison `(key, tieBreak)` that
 * a btree index seeks to. An ascending key pairs with `-id`, whose ascending order is id descending.
 * Price is numeric(10,2) > 0 (below 10^8), mileage and year are non-negative integers.
 */
export const vehicleSortKeys = (t: {
  year: AnyPgColumn;
  price: AnyPgColumn;
  mileage: AnyPgColumn;
  id: AnyPgColumn;
}): Record<VehicleSort, VehicleSortKey> => ({
  newest: { key: sql`coalesce(${t.year}, -1)`, keyType: 'integer', tieBreak: sql`${t.id}`, descending: true },
  'price-asc': {
    key: sql`coalesce(${t.price}, 100000000)`,
    keyType: 'numeric',
    tieBreak: sql`(-${t.id})`,
    descending: false,
  },
  'price-desc': {
    key: sql`coalesce(${t.price}, 0)`,
    keyType: 'numeric',
    tieBreak: sql`${t.id}`,
    descending: true,
  },
  'mileage-asc': {
    key: sql`coalesce(${t.mileage}, 2147483647)`,
    keyType: 'integer',
    tieBreak: sql`(-${t.id})`,
    descending: false,
  },
});
export interface VehicleSortKey {
  key: SQL;
  /** The key's SQL type: numeric keys travel as decimal strings, integer ones as numbers. */
  keyType: 'integer' | 'numeric';
  tieBreak: SQL;
  /** Both parts are read in descending order (else both ascending). */
  descending: boolean;
}

/**
 * A VIN as a search matches it: its start (migration 0008: text_pattern_ops) or, for longer words,
 * anywhere (migration 0010: trigrams); both indexes cover published vehicles only.
 */
export const vehicleSearchVin = (t: { vin: AnyPgColumn }) => sql`lower(${t.vin})`;

export const vehicles = pgTable(
  'vehicles',
  {
    id: serial().primaryKey(),
    vin: varchar({ length: 17 }).notNull(),
    make: text(),
    model: text(),
    trim: text(),
    year: integer(),
    mileage: integer(),
    price: money(),
    description: text(),
    condition: text(),
    images: text().array().notNull().default(sql`'{}'::text[]`),
    videos: text().array().notNull().default(sql`'{}'::text[]`),
    videoThumbnails: text().array().notNull().default(sql`'{}'::text[]`),
    status: text().notNull().default('pending'),
    inQueue: boolean().notNull().default(true),
    billOfSale: text(),
    isPaid: boolean().notNull().default(false),
    reconExterior: text(),
    reconMechanical: text(),
    reconInterior: text(),
    // The condition report (issue #17, docs/design.md §7); photos live in vehicle_photos.
    damage: jsonb().$type<DamageItem[]>().notNull().default(sql`'[]'::jsonb`),
    tires: jsonb().$type<Tires>().notNull().default(sql`'{"lf":null,"rf":null,"lr":null,"rr":null}'::jsonb`),
    warningLights: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Required shots skipped in the staff wizard, with why (issue #34). */
    skippedShots: jsonb().$type<RecordedSkip[]>().notNull().default(sql`'[]'::jsonb`),
    /** When a report was last entered; null = no report yet (then grade is null too). */
    conditionReportedAt: timestamp({ withTimezone: true }),
    /** computeGrade of the three columns above, written with them (the inventory's "Grade ≥ N"). */
    grade: numeric({ precision: 2, scale: 1 }),
    /**
     * What a search word is a substring of (GET /api/vehicles/search): make, model, trim and year
     * in lower case. Stored, so matching a row reads it instead of building it; migration 0008
     * indexes it by trigrams (GIN, published vehicles only).
     */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(coalesce(${vehicles.make}, '') || ' ' || coalesce(${vehicles.model}, '') || ' ' || coalesce(${vehicles.trim}, '') || ' ' || coalesce(${vehicles.year}::text, ''))`,
      ),
    /**
     * First look (docs/design.md §13): completed but held, until this time, for the dealerships whose
     * buy orders it matched. Held = still `in_queue` (so every public read path, index and trigger
     * leaves it out) and no longer in the admin's queue; housekeeping releases it when the time
     * has passed (in_queue false, this null), which publishes it to everyone.
     */
    firstLookUntil: timestamp({ withTimezone: true }),
    /** Where the car stands (docs/design.md §15): the transport quote's origin; null = LOT_ZIP. */
    locationZip: text(),
    /** Does not run or drive: transport needs a winch (a surcharge). */
    inoperable: boolean().notNull().default(false),
    /**
     * Who uploaded it (docs/design.md §16, insights by uploader): 'staff' (the lot's shared sign-in),
     * 'admin:<id>', 'sync' (the Google Sheets sync), 'demo'; null = not recorded (before migration 0021).
     */
    uploadedBy: text(),
    /** When it was first published (a trigger of migration 0021 sets it once); insights' upload-to-listed. */
    listedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vehicles_vin_unique').on(t.vin),
    index('vehicles_first_look_idx').on(t.firstLookUntil).where(sql`${t.firstLookUntil} is not null`),
    // Migration 0041 rebuilds it with INCLUDE (first_look_until): the admin's counts read it alone.
    index('vehicles_status_in_queue_idx').on(t.status, t.inQueue),
    // One index per search sort (published vehicles only): a page is one seek to `(key, ±id)`.
    // Migrations 0036 and 0040 rebuild them with INCLUDE columns (drizzle cannot write it) so a
    // price or mileage range is counted from the index alone and a walk to a page reads the index
    // alone until the page is full; 0036 adds statistics of the keys (CREATE STATISTICS):
    // PostgreSQL gathers none for a partial index's expressions.
    ...Object.entries(vehicleSortKeys(t)).map(([name, { key, tieBreak }]) =>
      index(`vehicles_published_${name.replace('-', '_')}_idx`)
        .on(key, tieBreak)
        .where(isPublishedSql(t)),
    ),
    // Read alone (index-only) by a search: its counts by certification and make when there is no
    // q, and the makes and models a misspelt word is compared with.
    index('vehicles_published_facets_idx').on(t.condition, t.make, t.model, t.grade).where(isPublishedSql(t)),
    // A search's make and model (chosen whole, in any case): the cars of a make (search-filters.ts);
    // their counts come from the search groups (migration 0036).
    index('vehicles_published_make_model_idx')
      .on(sql`lower(${t.make})`, sql`lower(${t.model})`, t.condition, t.make, t.model, t.grade)
      .where(isPublishedSql(t)),
    // The places published cars stand, read by skipping from one to the next (search-filters.ts).
    index('vehicles_published_location_idx').on(t.locationZip).where(isPublishedSql(t)),
    check('vehicles_status_check', sql`${t.status} in (${sqlList(VEHICLE_STATUSES)})`),
    check('vehicles_mileage_check', sql`${t.mileage} is null or ${t.mileage} >= 0`),
    check('vehicles_price_check', sql`${t.price} is null or ${t.price} > 0`),
  ],
);

/**
 * Changes to the published vehicles by searched text, certification, make, model, grade, model
 * year and place (+n joined, -n left; missing values stored as '' and -1), appended by triggers in
 * the statement that changes vehicles and folded by housekeeping (migrations 0010 and 0036): a
 * group's vehicles are the sum of its rows. A search that matches no VIN and has no price or
 * mileage range is counted from here (modules/vehicles/search-counts.ts).
 */
export const vehicleSearchGroups = pgTable(
  'vehicle_search_groups',
  {
    searchText: text().notNull(),
    condition: text().notNull(),
    make: text().notNull(),
    grade: numeric({ precision: 2, scale: 1 }).notNull(),
    /** Migration 0036: the model, the model year (-1: none) and the location ZIP ('': the lot). */
    model: text().notNull().default(''),
    year: integer().notNull().default(-1),
    locationZip: text().notNull().default(''),
    count: integer().notNull(),
  },
  (t) => [
    index('vehicle_search_groups_group_idx').on(
      t.searchText,
      t.condition,
      t.make,
      t.model,
      t.grade,
      t.year,
      t.locationZip,
    ),
  ],
);

/**
 * The search groups again, by mileage band too (migration 0039): a car's band is its mileage sort
 * key (`coalesce(mileage, 2147483647)`) divided by MILEAGE_BAND (search-filters.ts) in whole
 * numbers, so a search with the most miles (and no price range) is counted from the whole bands
 * below it here and the cars of the one band it cuts from the mileage index. Kept by the same
 * triggers and housekeeping fold as vehicle_search_groups.
 */
export const vehicleMileageGroups = pgTable(
  'vehicle_mileage_groups',
  {
    mileageBand: integer().notNull(),
    searchText: text().notNull(),
    condition: text().notNull(),
    make: text().notNull(),
    model: text().notNull(),
    grade: numeric({ precision: 2, scale: 1 }).notNull(),
    year: integer().notNull(),
    locationZip: text().notNull(),
    count: integer().notNull(),
  },
  (t) => [
    index('vehicle_mileage_groups_group_idx').on(
      t.mileageBand,
      t.searchText,
      t.condition,
      t.make,
      t.model,
      t.grade,
      t.year,
      t.locationZip,
    ),
  ],
);

/**
 * Condition-report photos (issue #17). A processed upload is a row with no vehicle until the wizard
 * (or an admin) attaches it; `storage_key` names its variant directory (a random 128-bit id, so the
 * public variant URLs cannot be guessed). `position` 0 is the cover.
 */
export const vehiclePhotos = pgTable(
  'vehicle_photos',
  {
    id: serial().primaryKey(),
    vehicleId: integer().references(() => vehicles.id, { onDelete: 'cascade' }),
    /** The tus upload it came from (GET /api/photo-uploads/:id). */
    uploadId: text().notNull(),
    storageKey: text().notNull(),
    position: integer().notNull().default(0),
    kind: text().notNull().default('extra'),
    width: integer().notNull(),
    height: integer().notNull(),
    placeholder: text().notNull(),
    /** The type read from the content (image/jpeg, image/png, image/heic, image/webp). */
    originalMime: text().notNull(),
    /** The uploader: actor type and id ('staff:', 'admin:3', 'sync:'). */
    uploadedBy: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vehicle_photos_upload_id_unique').on(t.uploadId),
    uniqueIndex('vehicle_photos_storage_key_unique').on(t.storageKey),
    index('vehicle_photos_vehicle_position_idx').on(t.vehicleId, t.position),
  ],
);

export const buyCodes = pgTable(
  'buy_codes',
  {
    id: serial().primaryKey(),
    code: varchar({ length: 4 }).notNull(),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    /**
     * The team member whose authority this code is (docs/design.md §11); null for a dealership without a
     * team (then the code is the dealership's, as the spec says).
     */
    dealerUserId: integer().references((): AnyPgColumn => dealerUsers.id),
    maxUses: integer(),
    usageCount: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }),
    /** The last sign-in, purchase or offer made with the code (the owner sees it beside the holder). */
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Codes are stored upper-case and matched case-insensitively by upper-casing the input.
    uniqueIndex('buy_codes_code_unique').on(t.code),
    index('buy_codes_dealer_idx').on(t.dealerId),
    index('buy_codes_holder_idx').on(t.dealerUserId),
    check('buy_codes_usage_check', sql`${t.usageCount} >= 0`),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: serial().primaryKey(),
    vehicleId: integer()
      .notNull()
      .references(() => vehicles.id),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    buyCodeId: integer().references(() => buyCodes.id),
    offerId: integer(),
    /** The dealership's team member who made the sale (docs/design.md §10); null for a buy-code sale. */
    buyerUserId: integer().references((): AnyPgColumn => dealerUsers.id),
    amount: money().notNull(),
    status: text().notNull().default('pending'),
    createdAt: createdAt(),
    isPaid: boolean().notNull().default(false),
    /** The bill of sale's download URL (docs/product.md §3), and the stored file behind it. */
    billOfSale: text(),
    billOfSaleFileId: integer(),
    cancelled: boolean().notNull().default(false),
    /**
     * Whether a title step (sent or confirmed) is on the sale's timeline: written by a trigger on each
     * insert of steps (migration 0031), so the admin's "Title late" narrows on it (docs/features/admin-lists.md).
     */
    titleSent: boolean().notNull().default(false),
    /** The terms the sale was made under (docs/design.md §8), copied from app_settings when it is made. */
    terms: jsonb().$type<SaleTerms>().notNull().default(DEFAULT_SALE_TERMS),
  },
  (t) => [
    // The rule that makes double selling impossible, whatever the number of app instances.
    uniqueIndex('transactions_one_open_per_vehicle').on(t.vehicleId).where(sql`not ${t.cancelled}`),
    index('transactions_dealer_idx').on(t.dealerId),
    // The admin's Transactions list pages newest or oldest first by (created_at, id) (issue #47).
    index('transactions_created_idx').on(t.createdAt, t.id),
    // A buyer's daily limit sums their sales of the day.
    index('transactions_buyer_user_idx').on(t.buyerUserId, t.createdAt),
    // The Transactions filters' narrowing (issue #47): the open sales not paid in full, and those
    // whose title was never sent, by age — each a few rows among 100,000 (bench:admin).
    index('transactions_unpaid_idx').on(t.createdAt).where(sql`not ${t.isPaid} and not ${t.cancelled}`),
    index('transactions_title_due_idx').on(t.createdAt).where(sql`not ${t.titleSent} and not ${t.cancelled}`),
    check('transactions_status_check', sql`${t.status} in (${sqlList(TRANSACTION_STATUSES)})`),
    check('transactions_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * The life of a sale after Buy Now (docs/design.md §8): an append-only timeline per transaction (a
 * trigger refuses UPDATE and DELETE); payment, title and pickup state are derived from it.
 */
export const transactionEvents = pgTable(
  'transaction_events',
  {
    id: serial().primaryKey(),
    transactionId: integer()
      .notNull()
      .references(() => transactions.id),
    /** The buying dealer (the live-update trigger sends the event to that dealer's stream only). */
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    type: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    actorType: text().notNull(),
    actorId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index('transaction_events_transaction_idx').on(t.transactionId, t.id),
    // The sales with a step of a kind (the Transactions filters' narrowing: a claim opened, a title
    // sent, a charge after the sale) without reading every step (bench:admin, docs/benchmarks.md).
    index('transaction_events_type_idx').on(t.type, t.transactionId),
  ],
);

/**
 * Sales whose guarantee clock the reminder pass found settled — closed, or none (sold as is,
 * cancelled) — and how many steps their timeline had then (remind-guarantee-ending.ts). A settled
 * clock stays settled while the timeline is unchanged (the steps are append-only and only a step can
 * move the handover or end a late transport), so the pass reads such a sale again only once its
 * timeline has more steps than this count (issue #47: a pass read every handed-over sale of the last
 * 183 days, 64,331 at 100,000 sales, every 30 minutes).
 */
export const guaranteeClocksSettled = pgTable('guarantee_clocks_settled', {
  transactionId: integer()
    .primaryKey()
    .references(() => transactions.id),
  /** The timeline's steps when the pass found the clock settled. */
  steps: integer().notNull(),
  /** The clock's state then: 'closed' or 'none'. */
  state: text().notNull(),
  checkedAt: createdAt(),
});

export const offers = pgTable(
  'offers',
  {
    id: serial().primaryKey(),
    vehicleId: integer()
      .notNull()
      .references(() => vehicles.id),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    buyCodeId: integer().references(() => buyCodes.id),
    /** The team member who made (or last replaced) the offer; null for an offer made with a typed code. */
    buyerUserId: integer().references((): AnyPgColumn => dealerUsers.id),
    amount: money().notNull(),
    status: text().notNull().default('pending'),
    counterAmount: money(),
    counterMessage: text(),
    /** The reconditioning package the dealer asked for with the offer (docs/design.md §14). */
    reconPackageId: integer().references((): AnyPgColumn => reconPackages.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('offers_status_idx').on(t.status),
    // The Offers list's newest/oldest pages (issue #47, keyset-page.ts).
    index('offers_created_idx').on(t.createdAt, t.id),
    index('offers_vehicle_idx').on(t.vehicleId),
    index('offers_dealer_idx').on(t.dealerId),
    // One open offer per dealer per vehicle (docs/design.md §3).
    uniqueIndex('offers_one_open_per_dealer_vehicle')
      .on(t.vehicleId, t.dealerId)
      .where(sql`${t.status} in (${sqlList(OPEN_OFFER_STATUSES)})`),
    check('offers_status_check', sql`${t.status} in (${sqlList(OFFER_STATUSES)})`),
    check('offers_amount_check', sql`${t.amount} > 0`),
    check('offers_counter_amount_check', sql`${t.counterAmount} is null or ${t.counterAmount} > 0`),
  ],
);

export const offerActivities = pgTable(
  'offer_activities',
  {
    id: serial().primaryKey(),
    offerId: integer()
      .notNull()
      .references(() => offers.id),
    actorType: text().notNull(),
    actorId: integer(),
    actionType: text().notNull(),
    amount: money(),
    message: text(),
    createdAt: createdAt(),
  },
  (t) => [index('offer_activities_offer_idx').on(t.offerId)],
);

export const adminUsers = pgTable(
  'admin_users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    passwordHash: text(),
    createdAt: createdAt(),
  },
  // E-mails are stored lower-case; the index also guards against mixed-case duplicates.
  (t) => [uniqueIndex('admin_users_email_ci_unique').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    /** SHA-256 hex of the token; the token itself is never stored. */
    tokenHash: text().notNull(),
    role: text().notNull(),
    subjectId: integer(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /**
     * A dealer session of a named team member (docs/design.md §10); null for the spec's name + code
     * sign-in. The session lives only while the member is enabled.
     */
    dealerUserId: integer().references((): AnyPgColumn => dealerUsers.id),
    /**
     * How the session was proven (docs/decisions/0031-session-strength.md): a
     * password, a passkey, an invitation link, a dealer name + buy code, or the staff password.
     * A 'code' session may buy, offer and read; managing identity needs a stronger proof.
     */
    proof: text().notNull(),
    /** The buy code a 'code' session rests on: it lives only while that code is usable. */
    buyCodeId: integer().references((): AnyPgColumn => buyCodes.id),
    /** The passkey a 'passkey' session rests on: removing the passkey ends the session. */
    passkeyId: integer().references((): AnyPgColumn => webauthnCredentials.id, { onDelete: 'cascade' }),
    /** When the holder last proved it again (password or passkey): adding a credential needs it recent. */
    reauthenticatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_dealer_user_idx').on(t.dealerUserId),
    index('sessions_subject_idx').on(t.role, t.subjectId),
    index('sessions_buy_code_idx').on(t.buyCodeId),
    index('sessions_passkey_idx').on(t.passkeyId),
    check('sessions_role_check', sql`${t.role} in (${sqlList(SESSION_ROLES)})`),
    check('sessions_proof_check', sql`${t.proof} in (${sqlList(SESSION_PROOFS)})`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    actorType: text().notNull(),
    actorId: integer(),
    entity: text().notNull(),
    entityId: integer(),
    action: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text().notNull(),
    key: text().notNull(),
    /** SHA-256 of who sent it (the buy code, the staff role, the admin): another caller never gets this answer. */
    callerHash: text().notNull().default(''),
    /** SHA-256 of the request (path and validated body): a different request with the key gets 422. */
    requestHash: text().notNull().default(''),
    statusCode: integer().notNull(),
    response: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** Fixed-window counters for rate limits, shared by every app instance. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Uploads (tus) not finished yet, each held against its session's and its dealership's quota
 * (issue #43, lib/uploads/upload-quotas.ts): created with the upload, deleted when it finishes or
 * is terminated; one that receives nothing until `expires_at` expires (housekeeping deletes it).
 */
export const openUploads = pgTable(
  'open_uploads',
  {
    /** The tus upload id (32 hex), the same in every area. */
    id: text().primaryKey(),
    /** `video-uploads` or `photo-uploads`. */
    area: text().notNull(),
    /** The session it counts against; no foreign key: the row outlives an ended session until it expires. */
    sessionId: integer().notNull(),
    /** The dealership of a dealer session; null for staff and admins. */
    dealerId: integer().references(() => dealers.id, { onDelete: 'cascade' }),
    /** Upload-Length as declared, or the kind's largest size for a deferred length. */
    bytes: bigint({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('open_uploads_session_idx').on(t.sessionId), index('open_uploads_dealer_idx').on(t.dealerId)],
);

/** Small server-side settings, e.g. the generated staff upload password's hash. */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: createdAt(),
});

/** A 64-bit transaction id (PostgreSQL's xid8), read as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({
  dataType: () => 'xid8',
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded documents (bills of sale) live in the database, so every app instance serves them and
 * a backup of the database is a backup of them. Their type was read from their content.
 */
export const storedFiles = pgTable('stored_files', {
  id: serial().primaryKey(),
  contentType: text().notNull(),
  fileName: text().notNull(),
  size: integer().notNull(),
  data: bytea().notNull(),
  createdAt: createdAt(),
});

/**
 * The notification outbox (docs/design.md §6, docs/decisions/0007-notification-outbox.md): written in the
 * same transaction as the state change that causes it, sent later by a worker on every instance.
 * `idempotency_key` (event × entity id × recipient × channel) makes a replayed change enqueue nothing.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    event: text().notNull(),
    recipient: text().notNull(),
    channel: text({ enum: NOTIFICATION_CHANNELS }).notNull().default('email'),
    payload: jsonb().$type<NotificationPayload>().notNull(),
    idempotencyKey: text().notNull().unique(),
    status: text({ enum: NOTIFICATION_STATUSES }).notNull().default('queued'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    providerAnswer: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('notifications_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * A message as the outbox keeps it: its template and the facts it names, frozen when it is enqueued
 * (so a later edit of the vehicle does not change it). The sender renders it with the brand and
 * PUBLIC_ORIGIN, which the app binds once (modules/notifications, ADR 0023).
 */
export interface NotificationMessage {
  template: string;
  facts: Record<string, unknown>;
  /** An alert about one buy order or saved search: its one-click unsubscribe switches off that one's alerts. */
  alert?: NotificationAlert;
}

/** The buy order or saved search (docs/design.md §13) an alert is about. */
export interface NotificationAlert {
  kind: AlertKind;
  id: number;
}

/** A message's texts as rendered: what rows written before templates (ADR 0023) keep, sent as they are. */
export interface RenderedNotification {
  subject: string;
  text: string;
  html: string;
  link: string;
  /** The SMS body: at most 320 characters, ending with the link. */
  sms: string;
}

export type NotificationPayload = (NotificationMessage | RenderedNotification) & {
  /** For a message to a dealer's contact: whose preferences and unsubscribe link apply. */
  dealerId?: number;
  contact?: DealerContact;
};

/**
 * A dealer's choice per event and channel (docs/design.md §6). No row means the default: e-mail on,
 * SMS off. A one-click unsubscribe (RFC 8058) writes `enabled = false` for e-mail.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    dealerId: integer()
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    channel: text({ enum: NOTIFICATION_CHANNELS }).notNull(),
    enabled: boolean().notNull(),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.event, t.channel] })],
);

/**
 * What changed, for live updates (docs/design.md §6): written by triggers on vehicles, offers,
 * transactions, dealers, buy_codes and notifications in the changing transaction, then
 * `NOTIFY live_events` with `{"id","topic","dealerId"}`. A dropped SSE stream resumes from
 * `Last-Event-ID` by reading the rows after it. `dealer_id` is null for events no dealer owns.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    topic: text().notNull(),
    dealerId: integer(),
    entityId: integer(),
    /**
     * The writing transaction (its `pg_current_xact_id()`): a stream that starts from the snapshot
     * its page's HTML was made under replays the events that snapshot could not see, those of
     * transactions still in progress then included (ADR 0008, find-live-events.ts).
     */
    txid: xid8().notNull().default(sql`pg_current_xact_id()`),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_created_idx').on(t.createdAt), index('live_events_txid_idx').on(t.txid)],
);

/**
 * Dealer teams (docs/design.md §10, docs/decisions/0015-dealer-teams.md): the named people of a
 * dealership. An invited member has no password and no passkey until they accept. E-mails are
 * stored lower-case and are unique across dealerships (one e-mail signs in to one dealership).
 */
export const dealerUsers = pgTable(
  'dealer_users',
  {
    id: serial().primaryKey(),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    email: text().notNull(),
    name: text().notNull(),
    role: text({ enum: TEAM_ROLES }).notNull(),
    /** argon2id; null until the member sets a password (a passkey-only member keeps none). */
    passwordHash: text(),
    /** Dollar limits of a buyer (null = none): per sale, and per calendar day in the sale time zone. */
    perVehicleLimit: money(),
    perDayLimit: money(),
    createdAt: createdAt(),
    acceptedAt: timestamp({ withTimezone: true }),
    /** Removed by the owner or disabled by an admin: no sign-in, sessions dead. */
    disabledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // One team per address within a dealership; across dealerships, one *active* member per address
    // (pending invitations from several dealerships may wait for the same person: an owner learns
    // nothing about other dealerships' people from inviting them — issue #28).
    uniqueIndex('dealer_users_dealer_email_ci_unique').on(t.dealerId, sql`lower(${t.email})`),
    uniqueIndex('dealer_users_active_email_ci_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is not null and ${t.disabledAt} is null`),
    index('dealer_users_dealer_idx').on(t.dealerId),
    check('dealer_users_role_check', sql`${t.role} in (${sqlList(TEAM_ROLES)})`),
    check(
      'dealer_users_limits_check',
      sql`(${t.perVehicleLimit} is null or ${t.perVehicleLimit} > 0) and (${t.perDayLimit} is null or ${t.perDayLimit} > 0)`,
    ),
  ],
);

/**
 * Single-use links mailed to a member: an invitation (72 h) or a password reset (15 min). Only the
 * SHA-256 of the token is stored; `used_at` or `revoked_at` ends it.
 */
export const dealerUserTokens = pgTable(
  'dealer_user_tokens',
  {
    id: serial().primaryKey(),
    dealerUserId: integer()
      .notNull()
      .references(() => dealerUsers.id, { onDelete: 'cascade' }),
    purpose: text({ enum: MEMBER_TOKEN_PURPOSES }).notNull(),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('dealer_user_tokens_hash_unique').on(t.tokenHash),
    index('dealer_user_tokens_user_idx').on(t.dealerUserId, t.purpose),
    check('dealer_user_tokens_purpose_check', sql`${t.purpose} in (${sqlList(MEMBER_TOKEN_PURPOSES)})`),
  ],
);

/** A member's passkeys (WebAuthn credentials), verified with @simplewebauthn/server. */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    id: serial().primaryKey(),
    dealerUserId: integer()
      .notNull()
      .references(() => dealerUsers.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator gave it. */
    credentialId: text().notNull(),
    publicKey: bytea().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    name: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webauthn_credentials_credential_id_unique').on(t.credentialId),
    index('webauthn_credentials_user_idx').on(t.dealerUserId),
  ],
);

/**
 * WebAuthn challenges between the options and the verification (5 minutes, used once), in the
 * database so any instance can finish a ceremony another began.
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: text().primaryKey(),
  purpose: text({ enum: PASSKEY_CHALLENGE_PURPOSES }).notNull(),
  /** Registration: the member the passkey is for. */
  dealerUserId: integer().references(() => dealerUsers.id, { onDelete: 'cascade' }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * A dealership's standing request (docs/design.md §13, issue #30): what to find, how many, by when and
 * where to. `status` is the dealer's choice (open, paused, cancelled) or `filled` once purchases
 * that match reach the quantity; an open order past its needed-by date reads as expired
 * (modules/buy-orders/buy-order-status.ts: the one place that says so).
 */
/**
 * How a buy order's or saved search's alerts travel (docs/design.md §13): by e-mail (the person's, else
 * the dealership's), by text to the dealership's phone, or both; each match at once (held through
 * the person's quiet hours) or gathered into one daily digest at their local hour.
 */
const alertDelivery = () => ({
  alertChannel: text({ enum: ALERT_CHANNELS }).notNull().default('email'),
  alertCadence: text({ enum: ALERT_CADENCES }).notNull().default('instant'),
});

const alertDeliveryChecks = (table: string, t: { alertChannel: AnyPgColumn; alertCadence: AnyPgColumn }) => [
  check(`${table}_alert_channel_check`, sql`${t.alertChannel} in (${sqlList(ALERT_CHANNELS)})`),
  check(`${table}_alert_cadence_check`, sql`${t.alertCadence} in (${sqlList(ALERT_CADENCES)})`),
];

/**
 * When a person's alerts may arrive (docs/design.md §13): their time zone, the local hour of the daily
 * digest, and quiet hours (local, start inclusive, end exclusive, may span midnight; null = none).
 * One row per person, or per dealership without a team (dealer_user_id null); none = the defaults.
 */
export const alertSchedules = pgTable(
  'alert_schedules',
  {
    dealerId: integer()
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    dealerUserId: integer().references(() => dealerUsers.id, { onDelete: 'cascade' }),
    timeZone: text().notNull().default('America/New_York'),
    digestHour: integer().notNull().default(8),
    quietStart: integer(),
    quietEnd: integer(),
    updatedAt: createdAt(),
  },
  (t) => [
    unique('alert_schedules_person_key').on(t.dealerId, t.dealerUserId).nullsNotDistinct(),
    check('alert_schedules_digest_hour_check', sql`${t.digestHour} between 0 and 23`),
    check(
      'alert_schedules_quiet_check',
      sql`(${t.quietStart} is null and ${t.quietEnd} is null) or (${t.quietStart} between 0 and 23 and ${t.quietEnd} between 0 and 23 and ${t.quietStart} <> ${t.quietEnd})`,
    ),
  ],
);

export const buyOrders = pgTable(
  'buy_orders',
  {
    id: serial().primaryKey(),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    /** The person who placed it; null for a dealership without a team (its buy-code session). */
    dealerUserId: integer().references(() => dealerUsers.id),
    yearMin: integer(),
    yearMax: integer(),
    maxMiles: integer(),
    maxPrice: money(),
    minGrade: numeric({ precision: 2, scale: 1 }),
    certification: text({ enum: CERTIFICATION_FILTERS }).notNull().default('all'),
    reconNote: text(),
    /** The reconditioning package the order's cars are to be bought with (docs/design.md §14). */
    reconPackageId: integer().references((): AnyPgColumn => reconPackages.id),
    quantity: integer().notNull(),
    filled: integer().notNull().default(0),
    neededBy: date({ mode: 'string' }).notNull(),
    deliveryZip: varchar({ length: 5 }).notNull(),
    status: text({ enum: STORED_BUY_ORDER_STATUSES }).notNull().default('open'),
    /** E-mail each match (on), or only list it on the dashboard (off): the order still sources. */
    alerts: boolean().notNull().default(true),
    ...alertDelivery(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('buy_orders_dealer_idx').on(t.dealerId, t.status),
    // What a publication is matched against: open orders only.
    index('buy_orders_open_idx').on(t.id).where(sql`${t.status} = 'open'`),
    check('buy_orders_status_check', sql`${t.status} in (${sqlList(STORED_BUY_ORDER_STATUSES)})`),
    check('buy_orders_certification_check', sql`${t.certification} in (${sqlList(CERTIFICATION_FILTERS)})`),
    ...alertDeliveryChecks('buy_orders', t),
    check(
      'buy_orders_quantity_check',
      sql`${t.quantity} between 1 and 50 and ${t.filled} between 0 and ${t.quantity}`,
    ),
    check(
      'buy_orders_ranges_check',
      sql`(${t.yearMin} is null or ${t.yearMax} is null or ${t.yearMin} <= ${t.yearMax}) and (${t.maxMiles} is null or ${t.maxMiles} > 0) and (${t.maxPrice} is null or ${t.maxPrice} > 0)`,
    ),
  ],
);

/** The makes and models an order names (lower case; a null model is any model of the make). */
export const buyOrderTargets = pgTable(
  'buy_order_targets',
  {
    orderId: integer()
      .notNull()
      .references(() => buyOrders.id, { onDelete: 'cascade' }),
    make: text().notNull(),
    model: text(),
    /** As the dealer typed them, for display. */
    makeLabel: text().notNull(),
    modelLabel: text(),
  },
  (t) => [index('buy_order_targets_make_model_idx').on(t.make, t.model, t.orderId)],
);

/** A car that matched an order when it was published (or its price dropped): one row per pair. */
export const buyOrderMatches = pgTable(
  'buy_order_matches',
  {
    orderId: integer()
      .notNull()
      .references(() => buyOrders.id, { onDelete: 'cascade' }),
    vehicleId: integer()
      .notNull()
      .references(() => vehicles.id),
    reason: text({ enum: MATCH_REASONS }).notNull(),
    matchedAt: createdAt(),
    /** When the car was held for the order's dealership (first look): until then. Kept as history. */
    firstLookUntil: timestamp({ withTimezone: true }),
    /** The purchase of this car by the order's dealership that counted toward the order. */
    transactionId: integer().references((): AnyPgColumn => transactions.id),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.vehicleId] }),
    index('buy_order_matches_vehicle_idx').on(t.vehicleId),
  ],
);

/**
 * An inventory search a person saved with a name (docs/design.md §13, issue #30): its query as the page
 * sent it, and its words (lower case, as written) for matching a published car in SQL. Alerts go
 * out like a buy order's; `alerts` off keeps the search without alerts.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial().primaryKey(),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    /** The person who saved it; null for a dealership without a team (its buy-code session). */
    dealerUserId: integer().references(() => dealerUsers.id),
    name: text().notNull(),
    q: text().notNull().default(''),
    cert: text({ enum: CERTIFICATION_FILTERS }).notNull().default('all'),
    grade: numeric({ precision: 2, scale: 1 }),
    sort: text().notNull().default('newest'),
    words: text().array().notNull().default(sql`'{}'::text[]`),
    // The inventory's filters (contracts/vehicle-search.ts vehicleFilterFields); null = not set.
    make: text(),
    model: text(),
    yearMin: integer(),
    yearMax: integer(),
    /** Whole dollars. */
    priceMin: integer(),
    priceMax: integer(),
    maxMiles: integer(),
    /** Road miles from `zip` (lib/zip.ts roadMiles); a search saved without a zip keeps the dealer's delivery ZIP. */
    within: integer(),
    zip: varchar({ length: 5 }),
    alerts: boolean().notNull().default(true),
    ...alertDelivery(),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_searches_dealer_idx').on(t.dealerId, t.dealerUserId),
    check('saved_searches_cert_check', sql`${t.cert} in (${sqlList(CERTIFICATION_FILTERS)})`),
    check('saved_searches_within_check', sql`${t.within} is null or ${t.zip} is not null`),
    ...alertDeliveryChecks('saved_searches', t),
  ],
);

/** A published car that matched a saved search: one row per pair (one alert). */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    searchId: integer()
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    vehicleId: integer()
      .notNull()
      .references(() => vehicles.id),
    matchedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.vehicleId] })],
);

/**
 * Favorite and Watch, kept per person for a signed-in dealer (docs/design.md §13, issue #30): one row
 * per person (or dealership without a team: dealer_user_id null) and vehicle. A watched car's price
 * drop, an offer on it expiring and its sale are told to the person through the outbox.
 */
export const watchlistEntries = pgTable(
  'watchlist_entries',
  {
    id: serial().primaryKey(),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    dealerUserId: integer().references(() => dealerUsers.id, { onDelete: 'cascade' }),
    vehicleId: integer()
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    favorite: boolean().notNull().default(false),
    watching: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    unique('watchlist_entries_person_vehicle_key')
      .on(t.dealerId, t.dealerUserId, t.vehicleId)
      .nullsNotDistinct(),
    index('watchlist_entries_watching_idx').on(t.vehicleId).where(sql`${t.watching}`),
  ],
);

/**
 * Reconditioning packages (docs/design.md §14, issue #31): configuration an admin keeps — a name, what it
 * covers (a checklist that becomes a work order's tasks), its price added to a sale that chooses
 * it, and the business days its work is promised in. Retired packages stay for the sales that chose
 * them but are offered no more.
 */
export const reconPackages = pgTable(
  'recon_packages',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: text().notNull().default(''),
    checklist: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    price: money().notNull(),
    promisedDays: integer().notNull().default(0),
    position: integer().notNull().default(0),
    retiredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('recon_packages_name_ci_unique').on(sql`lower(${t.name})`),
    check('recon_packages_price_check', sql`${t.price} >= 0 and ${t.price} < 100000`),
    check('recon_packages_promised_days_check', sql`${t.promisedDays} between 0 and 60`),
  ],
);

/**
 * A sale's reconditioning (docs/design.md §14): one work order per sale with a package, the package as
 * it was chosen (name and price copied), the date it is promised by, and its state. Pickup and
 * delivery wait until it is done (or cancelled with the sale).
 */
export const workOrders = pgTable(
  'work_orders',
  {
    id: serial().primaryKey(),
    transactionId: integer()
      .notNull()
      .references(() => transactions.id),
    vehicleId: integer()
      .notNull()
      .references(() => vehicles.id),
    /** The buying dealership (its live stream hears of every change). */
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    packageId: integer().references(() => reconPackages.id),
    packageName: text().notNull(),
    packagePrice: money().notNull(),
    status: text({ enum: WORK_ORDER_STATUSES }).notNull().default('to_do'),
    promisedOn: date({ mode: 'string' }).notNull(),
    startedAt: timestamp({ withTimezone: true }),
    doneAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    /**
     * A car bought back on a guarantee claim and sent to reconditioning first: the claim (its
     * `claim_opened` step) this work order repairs. Not the sale's own work order: the dealer does
     * not see it and it holds nothing (docs/decisions/0043-claim-coverage-and-deductible.md).
     */
    claimId: integer().references(() => transactionEvents.id),
  },
  (t) => [
    // One work order of the sale's own; a buyback's work order is another, one per claim.
    uniqueIndex('work_orders_transaction_unique').on(t.transactionId).where(sql`${t.claimId} is null`),
    uniqueIndex('work_orders_claim_unique').on(t.claimId),
    index('work_orders_status_idx').on(t.status, t.createdAt),
    index('work_orders_dealer_idx').on(t.dealerId),
    check('work_orders_status_check', sql`${t.status} in (${sqlList(WORK_ORDER_STATUSES)})`),
  ],
);

/**
 * A work order's tasks: from the package's checklist and the car's condition report (each damage
 * item, each tire under 4/32, each warning light), or added by staff; each with its state (not
 * needed says why), parts and labour cost and notes.
 */
export const workOrderTasks = pgTable(
  'work_order_tasks',
  {
    id: serial().primaryKey(),
    workOrderId: integer()
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    source: text({ enum: TASK_SOURCES }).notNull(),
    title: text().notNull(),
    status: text({ enum: TASK_STATUSES }).notNull().default('to_do'),
    notNeededReason: text(),
    partsCost: money().notNull().default('0'),
    labourCost: money().notNull().default('0'),
    notes: text().notNull().default(''),
    updatedBy: text(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('work_order_tasks_order_idx').on(t.workOrderId, t.position),
    check('work_order_tasks_status_check', sql`${t.status} in (${sqlList(TASK_STATUSES)})`),
    check(
      'work_order_tasks_costs_check',
      sql`${t.partsCost} >= 0 and ${t.labourCost} >= 0 and ${t.partsCost} < 100000 and ${t.labourCost} < 100000`,
    ),
    check(
      'work_order_tasks_not_needed_check',
      sql`${t.status} <> 'not_needed' or coalesce(btrim(${t.notNeededReason}), '') <> ''`,
    ),
  ],
);

/** Before and after photos of a task, through the photo pipeline (vehicle_photos rows, no vehicle). */
export const workOrderPhotos = pgTable(
  'work_order_photos',
  {
    photoId: integer()
      .primaryKey()
      .references(() => vehiclePhotos.id, { onDelete: 'cascade' }),
    taskId: integer()
      .notNull()
      .references(() => workOrderTasks.id, { onDelete: 'cascade' }),
    stage: text({ enum: PHOTO_STAGES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('work_order_photos_task_idx').on(t.taskId),
    check('work_order_photos_stage_check', sql`${t.stage} in (${sqlList(PHOTO_STAGES)})`),
  ],
);

/**
 * Certified delivery (docs/design.md §15): the carrier side of a sale's transport. What the dealer and
 * the admin read is the sale's timeline (transport_ordered, transport_status…); this row is the
 * integration's bookkeeping, written in the same transaction as each step: the carrier's order id,
 * the status the board filters on and the time of the latest carrier report applied.
 */
export const transportOrders = pgTable(
  'transport_orders',
  {
    id: serial().primaryKey(),
    transactionId: integer()
      .notNull()
      .references(() => transactions.id),
    status: text({ enum: TRANSPORT_STATUSES }).notNull(),
    arrangedBy: text({ enum: TRANSPORT_ARRANGERS }).notNull(),
    /** The carrier system's order guid and number, once it accepted the order. */
    carrierGuid: text(),
    carrierNumber: text(),
    /** The last day of the pickup window (late pickups on the board). */
    pickupBy: text().notNull(),
    /** When the latest carrier report applied happened (an older one arriving later is not applied). */
    lastReportAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('transport_orders_one_live_per_sale')
      .on(t.transactionId)
      .where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex('transport_orders_carrier_guid_unique').on(t.carrierGuid),
    index('transport_orders_status_idx').on(t.status),
    // The transport board's pages by pickup day and by when ordered (issue #47, transport-board-page.ts).
    index('transport_orders_pickup_idx').on(t.pickupBy, t.id),
    index('transport_orders_created_idx').on(t.createdAt, t.id),
    check('transport_orders_status_check', sql`${t.status} in (${sqlList(TRANSPORT_STATUSES)})`),
    check('transport_orders_arranged_by_check', sql`${t.arrangedBy} in (${sqlList(TRANSPORT_ARRANGERS)})`),
  ],
);

/**
 * Every webhook a carrier or a lender sent us, once (their event id is unique): a duplicate is
 * answered 200 and not applied again; `applied` false = recorded but older than what was applied.
 */
export const integrationEvents = pgTable(
  'integration_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    source: text({ enum: INTEGRATION_SYSTEMS }).notNull(),
    eventId: text().notNull(),
    /** The transport order or floor-plan request it is about. */
    entityId: integer().notNull(),
    action: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    payload: jsonb().notNull(),
    applied: boolean().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('integration_events_source_event_unique').on(t.source, t.eventId),
    index('integration_events_entity_idx').on(t.source, t.entityId, t.occurredAt),
  ],
);

/** A dealership's floor-plan lines (docs/design.md §15): lender and account, kept by its owners. */
export const floorPlanLines = pgTable(
  'floor_plan_lines',
  {
    id: serial().primaryKey(),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    lender: text({ enum: FLOOR_PLAN_LENDERS }).notNull(),
    accountNumber: text().notNull(),
    createdBy: text().notNull(),
    createdAt: createdAt(),
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('floor_plan_lines_one_live')
      .on(t.dealerId, t.lender, sql`upper(${t.accountNumber})`)
      .where(sql`${t.removedAt} is null`),
    check('floor_plan_lines_lender_check', sql`${t.lender} in (${sqlList(FLOOR_PLAN_LENDERS)})`),
  ],
);

/**
 * A sale paid with a floor-plan line: the lender side. The steps (requested, approved, declined,
 * funded) are on the sale's timeline; this row carries the lender's request id and the status the
 * board filters on, written with each step.
 */
export const floorPlanRequests = pgTable(
  'floor_plan_requests',
  {
    id: serial().primaryKey(),
    transactionId: integer()
      .notNull()
      .references(() => transactions.id),
    lineId: integer()
      .notNull()
      .references(() => floorPlanLines.id),
    amount: money().notNull(),
    status: text({ enum: FLOOR_PLAN_STATUSES }).notNull(),
    arrangedBy: text({ enum: FLOOR_PLAN_ARRANGERS }).notNull(),
    /** The lender system's request id, once it accepted the request. */
    lenderRequestId: text(),
    createdAt: createdAt(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('floor_plan_requests_one_live_per_sale')
      .on(t.transactionId)
      .where(sql`${t.status} in (${sqlList(LIVE_FLOOR_PLAN_STATUSES)})`),
    uniqueIndex('floor_plan_requests_lender_id_unique').on(t.lenderRequestId),
    index('floor_plan_requests_status_idx').on(t.status),
    check('floor_plan_requests_status_check', sql`${t.status} in (${sqlList(FLOOR_PLAN_STATUSES)})`),
  ],
);

/**
 * What must reach a carrier or a lender (docs/design.md §6, §15), written in the transaction of the
 * change that needs it and sent by a background pass with retries, like the notifications outbox.
 */
export const integrationOutbox = pgTable(
  'integration_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    target: text({ enum: INTEGRATION_SYSTEMS }).notNull(),
    action: text().notNull(),
    entityId: integer().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    idempotencyKey: text().notNull().unique(),
    status: text({ enum: INTEGRATION_OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    answer: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('integration_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * The market guide's coefficients (docs/design.md §16), one row per nightly refit (the newest is used):
 * ln(price) = make-and-model level + betaYear·year + betaMiles·(miles / 10,000) + betaGrade·grade
 * + betaTime·(years since the fit's day, negative in the past),
 * a weighted robust fit on completed sales (guide-fit.ts). residP10/residP90 are the 10th and 90th
 * percentiles of the kept sales' residuals: the range around a guide.
 */
export const guideFits = pgTable('guide_fits', {
  id: serial().primaryKey(),
  fittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  betaYear: doublePrecision().notNull(),
  betaMiles: doublePrecision().notNull(),
  betaGrade: doublePrecision().notNull(),
  /** Per year later a sale happened (the market's drift and the cars' ageing); 0 before migration 0022. */
  betaTime: doublePrecision().notNull().default(0),
  /** The grade a sale or a car without a condition report is taken to have. */
  meanGrade: doublePrecision().notNull(),
  residP10: doublePrecision().notNull(),
  residP90: doublePrecision().notNull(),
  salesUsed: integer().notNull(),
  outliersDropped: integer().notNull(),
});

/**
 * Each completed sale's guide as it stood on the sale day (from the comparables sold before it) and
 * whether the refit dropped it as an outlier (then it is no comparable). Rebuilt by each refit.
 */
export const saleGuides = pgTable('sale_guides', {
  transactionId: integer()
    .primaryKey()
    .references(() => transactions.id),
  guide: money(),
  low: money(),
  high: money(),
  comparables: integer().notNull(),
  outlier: boolean().notNull().default(false),
});

/**
 * Each named background job (server/src/lib/jobs.ts, ADR 0039): its schedule, how its runs went,
 * and its lease: the instance that runs it now and until when, so on several instances one at a time
 * runs it (a claim is one UPDATE of a row whose lease is free). Jobs that every instance runs (the
 * outbox sender) record their runs here and take no lease.
 */
export const jobs = pgTable(
  'jobs',
  {
    name: text().primaryKey(),
    label: text().notNull(),
    intervalMs: integer().notNull(),
    nextRunAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastStartedAt: timestamp({ withTimezone: true }),
    lastFinishedAt: timestamp({ withTimezone: true }),
    lastOutcome: text(),
    /** The last failure's message only; cleared by a run that succeeds. */
    lastError: text(),
    consecutiveFailures: integer().notNull().default(0),
    totalRuns: integer().notNull().default(0),
    /** How far the run under way (or the last run) got, in an admin's words; null for jobs that say nothing. */
    progress: text(),
    leaseOwner: text(),
    leaseUntil: timestamp({ withTimezone: true }),
  },
  (t) => [
    check(
      'jobs_last_outcome_check',
      sql`${t.lastOutcome} is null or ${t.lastOutcome} in (${sqlList(JOB_OUTCOMES)})`,
    ),
    check('jobs_interval_check', sql`${t.intervalMs} > 0`),
  ],
);
