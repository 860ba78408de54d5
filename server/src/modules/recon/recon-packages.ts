import { ERROR_CODES } from '@contracts/errors';
import { RECON_PACKAGE_TEXT } from '@contracts/recon-package-texts';
import type { CreateReconPackageBody, ReconPackage, UpdateReconPackageBody } from '@contracts/recon-packages';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { reconPackages } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';

/**
 * Reconditioning packages (docs/design.md §14): configuration admins keep. The buying dialogs offer the
 * packages not retired, in their order; a sale copies the chosen one's name and price, so editing
 * or retiring a package never changes a sale made with it.
 */
type Row = typeof reconPackages.$inferSelect;

const toView = (row: Row): ReconPackage => ({
  id: row.id,
  name: row.name,
  description: row.description,
  checklist: row.checklist,
  price: row.price,
  promisedDays: row.promisedDays,
  retired: row.retiredAt !== null,
});

/** What the buying dialogs offer: every package not retired, in the admin's order. */
export async function findOfferedPackages(db: Executor): Promise<ReconPackage[]> {
  const rows = await db
    .select()
    .from(reconPackages)
    .where(isNull(reconPackages.retiredAt))
    .orderBy(asc(reconPackages.position), asc(reconPackages.id));
  return rows.map(toView);
}

/** Every package, retired ones last (the admin's list). */
export async function findAllPackages(db: Executor): Promise<ReconPackage[]> {
  const rows = await db
    .select()
    .from(reconPackages)
    .orderBy(sql`${reconPackages.retiredAt} is not null`, asc(reconPackages.position), asc(reconPackages.id));
  return rows.map(toView);
}

/**
 * The package a sale, an offer or an order asks for, if it is offered; a clear refusal if not. An
 * accepted offer keeps the package it was made with, even one retired since (`promised`).
 */
export async function offeredPackage(db: Executor, id: number, { promised = false } = {}) {
  const [row] = await db.select().from(reconPackages).where(eq(reconPackages.id, id));
  if (!row) throw notFound(RECON_PACKAGE_TEXT.notFound);
  if (row.retiredAt && !promised) throw new AppError(ERROR_CODES.conflict, RECON_PACKAGE_TEXT.noneOffered);
  return row;
}

const nameTaken = (error: unknown) =>
  pgErrorCode(error) === UNIQUE_VIOLATION
    ? new AppError(ERROR_CODES.conflict, RECON_PACKAGE_TEXT.nameTaken)
    : error;

export async function createPackage(
  db: Database,
  input: CreateReconPackageBody & { price: string },
  actor: Actor,
) {
  try {
    return await db.transaction(async (tx) => {
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${reconPackages.position}), -1)::int` })
        .from(reconPackages);
      const [row] = await tx
        .insert(reconPackages)
        .values({
          name: input.name,
          description: input.description ?? '',
          checklist: input.checklist ?? [],
          price: input.price,
          promisedDays: input.promisedDays ?? 0,
          position: Number(last?.position ?? -1) + 1,
        })
        .returning();
      await writeAudit(tx, actor, {
        entity: 'recon_package',
        entityId: row!.id,
        action: 'created',
        after: input,
      });
      return toView(row!);
    });
  } catch (error) {
    throw nameTaken(error);
  }
}

export async function updatePackage(
  db: Database,
  id: number,
  input: Omit<UpdateReconPackageBody, 'price'> & { price?: string | undefined },
  actor: Actor,
) {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(reconPackages).where(eq(reconPackages.id, id)).for('update');
      if (!before) throw notFound(RECON_PACKAGE_TEXT.notFound);
      const { retired, ...fields } = input;
      const change = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      const [row] = await tx
        .update(reconPackages)
        .set({
          ...change,
          ...(retired === undefined ? {} : { retiredAt: retired ? (before.retiredAt ?? sql`now()`) : null }),
          updatedAt: sql`now()`,
        })
        .where(eq(reconPackages.id, id))
        .returning();
      await writeAudit(tx, actor, {
        entity: 'recon_package',
        entityId: id,
        action: retired === true ? 'retired' : retired === false ? 'restored' : 'updated',
        before: toView(before),
        after: input,
      });
      return toView(row!);
    });
  } catch (error) {
    throw nameTaken(error);
  }
}
