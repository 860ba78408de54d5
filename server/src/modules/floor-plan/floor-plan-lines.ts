import {
  type CreateFloorPlanLineBody,
  createFloorPlanLineBodySchema,
  FLOOR_PLAN_LENDER_LABELS,
  FLOOR_PLAN_TEXT,
  type FloorPlanLine,
  lineLabel,
} from '@contracts/delivery';
import { ERROR_CODES } from '@contracts/errors';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { floorPlanLines } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';

type LineRow = typeof floorPlanLines.$inferSelect;

/** The last four characters of an account number: all that views, audit and messages ever show. */
export const last4 = (account: string) => account.slice(-4).toUpperCase();

export const toFloorPlanLine = (row: LineRow): FloorPlanLine => ({
  id: row.id,
  lender: row.lender,
  lenderName: FLOOR_PLAN_LENDER_LABELS[row.lender],
  last4: last4(row.accountNumber),
  label: lineLabel(row.lender, last4(row.accountNumber)),
  createdAt: row.createdAt.toISOString(),
});

/** A line of this dealership, not removed (another dealership's line is "not found", never told apart). */
export async function findOwnLine(db: Executor, dealerId: number, lineId: number) {
  const [line] = await db
    .select()
    .from(floorPlanLines)
    .where(
      and(
        eq(floorPlanLines.id, lineId),
        eq(floorPlanLines.dealerId, dealerId),
        isNull(floorPlanLines.removedAt),
      ),
    );
  if (!line) throw notFound(FLOOR_PLAN_TEXT.lineNotFound);
  return line;
}

export async function findFloorPlanLines(db: Executor, dealerId: number) {
  const rows = await db
    .select()
    .from(floorPlanLines)
    .where(and(eq(floorPlanLines.dealerId, dealerId), isNull(floorPlanLines.removedAt)))
    .orderBy(asc(floorPlanLines.id));
  return rows.map(toFloorPlanLine);
}

/** Only an owner changes the lines (the spec's shared sign-in acts as the dealership itself). */
function assertOwner(actor: Actor) {
  if (actor.member && actor.member.role !== 'owner')
    throw new AppError(ERROR_CODES.forbidden, FLOOR_PLAN_TEXT.ownersOnly);
}

export async function createFloorPlanLine(db: Database, body: CreateFloorPlanLineBody, actor: Actor) {
  assertOwner(actor);
  const input = createFloorPlanLineBodySchema.parse(body);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(floorPlanLines)
        .values({
          dealerId: actor.id!,
          lender: input.lender,
          accountNumber: input.accountNumber,
          createdBy: actor.member ? `member:${actor.member.id}` : `dealer:${actor.id}`,
        })
        .returning();
      await writeAudit(tx, actor, {
        entity: 'floor_plan_line',
        entityId: row!.id,
        action: 'created',
        // The account number stays out of the audit trail: its last four say which line.
        after: { lender: row!.lender, last4: last4(row!.accountNumber) },
      });
      return toFloorPlanLine(row!);
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(FLOOR_PLAN_TEXT.lineDuplicate);
    throw error;
  }
}

/** Removes a line from new payments; requests already made with it keep naming it. */
export async function removeFloorPlanLine(db: Database, lineId: number, actor: Actor) {
  assertOwner(actor);
  await db.transaction(async (tx) => {
    const line = await findOwnLine(tx, actor.id!, lineId);
    await tx.update(floorPlanLines).set({ removedAt: new Date() }).where(eq(floorPlanLines.id, line.id));
    await writeAudit(tx, actor, {
      entity: 'floor_plan_line',
      entityId: line.id,
      action: 'removed',
      before: { lender: line.lender, last4: last4(line.accountNumber) },
    });
  });
  return { ok: true as const };
}
