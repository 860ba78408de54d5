import { ERROR_CODES } from '@contracts/errors';
import {
  GUIDE_RULES,
  GUIDE_TEXT,
  type GuideDetail,
  type GuideSale,
  type GuideSummary,
} from '@contracts/guide';
import { centsToDecimal } from '@contracts/money';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { sightAtLeastSql, staffMayEditSql } from '../car-visibility/car-visibility';
import { comparablesSql, guideRange, latestFit, roundGuideCents, type StoredFit } from './guide-fit';
import { rowsOf } from './insight-facts';

/** The most sales a vehicle page lists (the newest; the count says how many there are). */
const EVIDENCE_LIMIT = 50;

interface Subject {
  id: number;
  price_cents: number | string | null;
}

/**
 * The cars a session may see a guide of, as the one visibility rule says (car-visibility.ts): a car
 * whose sight is at least `past` — an admin any (a queued one while pricing it); a dealer one on
 * sale to everyone, one held for its first look, or one sold or removed that it could see on sale
 * (its page was open). Any other id is left out, exactly as an id that does not exist.
 */
const subjectsSql = (ids: readonly number[], actor: Actor) => sql`
  select id, round(price * 100)::bigint as price_cents,
    lower(btrim(make)) as make_key, lower(btrim(model)) as model_key, year, mileage, grade
  from vehicles
  where id = any(string_to_array(${ids.join(',')}, ',')::int[]) and ${sightAtLeastSql(actor, 'past')}`;

const asOfSql = (now: Date) => sql`${now.toISOString()}::timestamptz`;

function summaryOf(
  fit: StoredFit | null,
  row: { id: number; price_cents: number | string | null; k: number | string; z: number | null },
  actor: Actor,
): GuideSummary {
  const k = Number(row.k);
  if (!fit || k < GUIDE_RULES.minComparables || row.z === null)
    return { status: 'insufficient', vehicleId: Number(row.id), comparables: k };
  const guideCents = roundGuideCents(Math.exp(Number(row.z)));
  const { lowCents, highCents } = guideRange(guideCents, k, fit);
  const price = row.price_cents === null ? null : Number(row.price_cents);
  return {
    status: 'ready',
    vehicleId: Number(row.id),
    guide: centsToDecimal(guideCents),
    low: centsToDecimal(lowCents),
    high: centsToDecimal(highCents),
    comparables: k,
    // Dealers see the asking price against the guide; an admin sees it too while pricing.
    priceToGuide:
      price === null || guideCents === 0 || actor.type === 'public'
        ? null
        : Math.round(((price - guideCents) / guideCents) * 1000) / 10,
  };
}

/** The guides of the subjects (rows as subjectsSql's), by id. */
async function summariesOf(db: Executor, subjects: SQL, actor: Actor, now: Date) {
  const fit = await latestFit(db);
  const rows = await rowsOf<{ id: number; price_cents: number | string | null; k: number; z: number | null }>(
    db,
    fit
      ? sql`select v.id, v.price_cents, count(c.*)::int as k, sum(c.w * c.z) / nullif(sum(c.w), 0) as z
          from (${subjects}) v
          left join lateral (${comparablesSql(fit, { alias: 'v', asOf: asOfSql(now) })}) c on true
          group by v.id, v.price_cents`
      : sql`select v.id, v.price_cents, 0 as k, null::float8 as z from (${subjects}) v`,
  );
  return new Map(rows.map((row) => [Number(row.id), summaryOf(fit, row, actor)]));
}

/** The guides of up to 100 cars (the card badges of one page), in the order asked; unseen ids left out. */
export async function guideSummaries(
  db: Executor,
  ids: readonly number[],
  actor: Actor,
  now = new Date(),
): Promise<GuideSummary[]> {
  if (ids.length === 0) return [];
  const byId = await summariesOf(db, subjectsSql(ids, actor), actor, now);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const percent = (beta: number) => Math.round((Math.exp(beta) - 1) * 1000) / 10;

/** The guide of one subject (a row as subjectsSql's) with the sales behind it and the refit's coefficients. */
async function detailOf(
  db: Executor,
  subject: SQL,
  id: number,
  actor: Actor,
  now: Date,
): Promise<GuideDetail> {
  const [found] = await rowsOf<Subject>(db, subject);
  if (!found) throw new AppError(ERROR_CODES.notFound, GUIDE_TEXT.notPublished);
  const summary = (await summariesOf(db, subject, actor, now)).get(id);
  const fit = await latestFit(db);
  // As a person may see them (issue #43): the week and the miles to 1,000, never the day or the
  // exact miles; within a week by price, so the order tells no finer day either.
  const sales: GuideSale[] = fit
    ? (
        await rowsOf<{
          sold_week_of: string;
          year: number | null;
          mileage: number | null;
          grade: number | null;
          net_price_cents: number | string;
          z: number;
          w: number;
        }>(
          db,
          sql`select c.* from (${subject}) v
              cross join lateral (${comparablesSql(fit, { alias: 'v', asOf: asOfSql(now), shown: true })}) c
              order by c.sold_week_of desc, c.net_price_cents desc, c.year desc, c.mileage, c.grade desc
              limit ${EVIDENCE_LIMIT}`,
        )
      ).map((row) => ({
        soldWeekOf: String(row.sold_week_of),
        year: row.year === null ? null : Number(row.year),
        mileage: row.mileage === null ? null : Number(row.mileage),
        grade: row.grade === null ? null : Number(row.grade),
        price: centsToDecimal(Number(row.net_price_cents)),
        adjustedPrice: centsToDecimal(Math.round(Math.exp(Number(row.z)))),
        weight: Math.round(Number(row.w) * 1000) / 1000,
      }))
    : [];
  return {
    summary: summary ?? { status: 'insufficient', vehicleId: id, comparables: 0 },
    sales,
    fit: fit
      ? {
          fittedAt: fit.fittedAt.toISOString(),
          perTenThousandMiles: percent(fit.betaMiles),
          perGradePoint: percent(fit.betaGrade),
          perModelYear: percent(fit.betaYear),
          perYearLater: percent(fit.betaTime),
          salesUsed: fit.salesUsed,
          outliersDropped: fit.outliersDropped,
        }
      : null,
  };
}

/** A car's guide with the sales behind it (newest first) and the refit's coefficients. */
export const guideDetail = (db: Executor, id: number, actor: Actor, now = new Date()) =>
  detailOf(db, subjectsSql([id], actor), id, actor, now);

/** What an admin (or staff) has typed of a car so far: blank fields are null. */
export interface TypedCar {
  year: number | null;
  make: string | null;
  model: string | null;
  mileage: number | null;
  /** Decimal dollars. */
  price: string | null;
}

/**
 * A car as its fields are being typed (the queue's form): the typed year, make, model, miles and
 * price, the stored grade (its inspection's). Only for the people who complete a listing: an admin
 * any car, staff a car they may still edit (car-visibility.ts); any other id is left out.
 */
const typedSubjectSql = (id: number, typed: TypedCar, actor: Actor) => sql`
  select id, round(${typed.price}::numeric * 100)::bigint as price_cents,
    lower(btrim(${typed.make}::text)) as make_key, lower(btrim(${typed.model}::text)) as model_key,
    ${typed.year}::int as year, ${typed.mileage}::int as mileage, grade
  from vehicles
  where id = ${id} and ${actor.type === 'admin' ? sql`true` : staffMayEditSql()}`;

/**
 * The guide of a car as its fields are typed (`GET /api/vehicles/:id/guide-preview`): what the guide
 * will be once the listing is saved with them, from the same comparables as every guide.
 */
export const guidePreview = (db: Executor, id: number, typed: TypedCar, actor: Actor, now = new Date()) =>
  detailOf(db, typedSubjectSql(id, typed, actor), id, actor, now);
