import { DEFAULT_SALE_TERMS, type SaleTerms, saleTermsSchema } from '@contracts/after-sale';
import { DEFAULT_BRAND, premiumCertification } from '@contracts/brand';
import {
  certificationLevelOf,
  defaultGuaranteeTerms,
  type GuaranteeTerms,
  type GuaranteeTermsByLevel,
} from '@contracts/guarantee';
import { guaranteeTermsSchema } from '@contracts/guarantee-schema';
import { z } from '@contracts/zod';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { appSettings } from '../db/schema';

/** app_settings key: the SALE_* terms of new sales, written at every start (bootstrap.ts). */
export const SALE_TERMS_SETTING = 'sale_terms';
/** app_settings key: the guarantee of each certification level (GUARANTEE_*), written at every start. */
export const GUARANTEE_TERMS_SETTING = 'guarantee_terms';

/**
 * The marketplace's calendar day in SQL: today in the time zone of the sale terms in force
 * (SALE_TIME_ZONE, default America/New_York). A buyer's daily limit and a buy order's needed-by
 * date are days of this calendar.
 */
export const marketTimeZoneSql = sql`coalesce((select value::jsonb ->> 'timeZone' from app_settings where key = ${SALE_TERMS_SETTING}), ${DEFAULT_SALE_TERMS.timeZone})`;
export const marketTodaySql = sql`(now() at time zone ${marketTimeZoneSql})::date`;

const guaranteesSchema = z.object({ premium: guaranteeTermsSchema, auction: guaranteeTermsSchema });

const settingOf = async (db: Executor, key: string): Promise<unknown> => {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return row ? JSON.parse(row.value) : undefined;
};

/** The terms a new sale is made under: those written at start (SALE_*), else the defaults. */
export async function findSaleTermsInForce(db: Executor): Promise<SaleTerms> {
  const parsed = saleTermsSchema.safeParse(await settingOf(db, SALE_TERMS_SETTING));
  return parsed.success ? parsed.data : DEFAULT_SALE_TERMS;
}

/** The guarantee of each certification level written at start (GUARANTEE_*), else the defaults. */
export async function findGuaranteeTermsInForce(db: Executor): Promise<GuaranteeTermsByLevel> {
  const parsed = guaranteesSchema.safeParse(await settingOf(db, GUARANTEE_TERMS_SETTING));
  return parsed.success ? parsed.data : defaultGuaranteeTerms(premiumCertification(DEFAULT_BRAND));
}

/**
 * The guarantee a car of this certification (vehicles.condition) is sold with now: its level's terms
 * in force. What a new sale snapshots, and what the vehicle's server-rendered page prints.
 */
export async function guaranteeInForceFor(db: Executor, condition: string | null): Promise<GuaranteeTerms> {
  return (await findGuaranteeTermsInForce(db))[certificationLevelOf(condition)];
}

/**
 * The one way a sale's terms are made (Buy Now and an accepted offer, through sellVehicle): the
 * terms in force with the guarantee of the car's certification level snapshotted in — its window
 * is the sale's `guaranteeDays`. A sale keeps these whatever the configuration becomes.
 */
export async function termsOfNewSale(db: Executor, condition: string | null): Promise<SaleTerms> {
  const terms = await findSaleTermsInForce(db);
  const guarantee = await guaranteeInForceFor(db, condition);
  return { ...terms, guaranteeDays: guarantee.days, guarantee };
}
