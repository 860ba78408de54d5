import { DEFAULT_SALE_TERMS } from '@contracts/after-sale';
import { sql } from 'drizzle-orm';

/** app_settings key: the SALE_* terms of new sales, written at every start (bootstrap.ts). */
export const SALE_TERMS_SETTING = 'sale_terms';

/**
 * The marketplace's calendar day in SQL: today in the time zone of the sale terms in force
 * (SALE_TIME_ZONE, default America/New_York). A buyer's daily limit and a buy order's needed-by
 * date are days of this calendar.
 */
export const marketTimeZoneSql = sql`coalesce((select value::jsonb ->> 'timeZone' from app_settings where key = ${SALE_TERMS_SETTING}), ${DEFAULT_SALE_TERMS.timeZone})`;
export const marketTodaySql = sql`(now() at time zone ${marketTimeZoneSql})::date`;
