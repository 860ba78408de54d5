import type { AlertSchedule } from '@contracts/alert-delivery';
import { ALERT_TEXT, type AlertChannel, DEFAULT_ALERT_SCHEDULE } from '@contracts/alert-delivery-texts';
import { ERROR_CODES } from '@contracts/errors';
import { toE164 } from '@contracts/phone';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { alertSchedules, dealers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../audit/write-audit';

/**
 * When a person's alerts arrive (docs/design.md §13): their time zone, the local hour of their daily
 * digest, and quiet hours during which an instant alert waits in the outbox until they end. Kept
 * per person (or per dealership without a team); no row = DEFAULT_ALERT_SCHEDULE.
 */

const ownedBy = (actor: Actor) =>
  and(
    eq(alertSchedules.dealerId, actor.id!),
    actor.member ? eq(alertSchedules.dealerUserId, actor.member.id) : isNull(alertSchedules.dealerUserId),
  );

/** Text alerts go to the dealership's phone: refused, clearly, when it has none to send to. */
export async function assertTextable(tx: Executor, dealerId: number, channel: AlertChannel | undefined) {
  if (channel !== 'sms' && channel !== 'both') return;
  const [dealer] = await tx.select({ phone: dealers.phone }).from(dealers).where(eq(dealers.id, dealerId));
  if (!toE164(dealer?.phone ?? null)) throw new AppError(ERROR_CODES.conflict, ALERT_TEXT.noPhone);
}

export async function findAlertSchedule(db: Executor, actor: Actor): Promise<AlertSchedule> {
  const [row] = await db.select().from(alertSchedules).where(ownedBy(actor));
  return row
    ? {
        timeZone: row.timeZone,
        digestHour: row.digestHour,
        quietStart: row.quietStart,
        quietEnd: row.quietEnd,
      }
    : { ...DEFAULT_ALERT_SCHEDULE };
}

/** Saves the person's schedule (insert or replace), audited; the alerts queued already keep their time. */
export async function updateAlertSchedule(db: Database, input: AlertSchedule, actor: Actor) {
  return db.transaction(async (tx) => {
    const before = await findAlertSchedule(tx, actor);
    await tx
      .insert(alertSchedules)
      .values({ dealerId: actor.id!, dealerUserId: actor.member?.id ?? null, ...input })
      .onConflictDoUpdate({
        target: [alertSchedules.dealerId, alertSchedules.dealerUserId],
        set: { ...input, updatedAt: sql`now()` },
      });
    await writeAudit(tx, actor, {
      entity: 'alert_schedule',
      entityId: actor.member?.id ?? actor.id!,
      action: 'updated',
      before,
      after: input,
    });
    return findAlertSchedule(tx, actor);
  });
}

/**
 * In SQL, for the person a row names (`dealerId`, `dealerUserId` columns of the query): when an
 * instant alert may leave (now, or the end of their quiet hours if now is inside them), and when
 * their next daily digest leaves and its local day. The database does the time-zone arithmetic
 * (daylight saving included) on its clock, the one the outbox's `next_attempt_at` is read against.
 * Joined as `timing` with `cross join lateral`.
 */
export const alertTimingSql = (dealerId: SQL, dealerUserId: SQL) => sql`
  cross join lateral (
    select
      case
        when sch.quiet_start is not null and (
          (sch.quiet_start < sch.quiet_end and loc.h >= sch.quiet_start and loc.h < sch.quiet_end)
          or (sch.quiet_start > sch.quiet_end and (loc.h >= sch.quiet_start or loc.h < sch.quiet_end)))
        then (case when loc.day + make_interval(hours => sch.quiet_end) > loc.t
                then loc.day + make_interval(hours => sch.quiet_end)
                else loc.day + interval '1 day' + make_interval(hours => sch.quiet_end) end) at time zone sch.tz
        else now()
      end as instant_at,
      (case when loc.day + make_interval(hours => sch.digest_hour) > loc.t
         then loc.day + make_interval(hours => sch.digest_hour)
         else loc.day + interval '1 day' + make_interval(hours => sch.digest_hour) end) at time zone sch.tz as digest_at,
      (case when loc.day + make_interval(hours => sch.digest_hour) > loc.t
         then loc.day else loc.day + interval '1 day' end)::date::text as digest_day
    from (
      select coalesce(person_schedule.time_zone, ${DEFAULT_ALERT_SCHEDULE.timeZone}) as tz,
        coalesce(person_schedule.digest_hour, ${DEFAULT_ALERT_SCHEDULE.digestHour}) as digest_hour,
        person_schedule.quiet_start, person_schedule.quiet_end
      from (select 1) one
      -- Its own alias: the caller's tables (saved_searches is "s") must not be shadowed here.
      left join alert_schedules person_schedule on person_schedule.dealer_id = ${dealerId}
        and person_schedule.dealer_user_id is not distinct from ${dealerUserId}
    ) sch
    cross join lateral (
      select now() at time zone sch.tz as t,
        date_trunc('day', now() at time zone sch.tz) as day,
        extract(hour from now() at time zone sch.tz)::int as h
    ) loc
  ) timing`;
