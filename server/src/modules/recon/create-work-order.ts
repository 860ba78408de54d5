import { addBusinessDays, dateInZone } from '@contracts/business-days';
import type { DamageItem, Tires } from '@contracts/condition-report';
import { TIRE_POSITIONS, type TirePosition } from '@contracts/condition-report-rules';
import { decimalToCents } from '@contracts/money';
import {
  damageTaskTitle,
  isWornTread,
  type TaskSource,
  tireTaskTitle,
  warningLightTaskTitle,
} from '@contracts/work-order-texts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transactions, vehicles, workOrders, workOrderTasks } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { writeAudit } from '../audit/write-audit';

/** The package as the sale chose it: copied onto the work order, so a later edit changes nothing. */
export interface ChosenPackage {
  id: number | null;
  name: string;
  /** Decimal string ("1295.00"). */
  price: string;
  checklist: readonly string[];
  promisedDays: number;
}

export interface NewWorkOrder {
  transactionId: number;
  vehicleId: number;
  dealerId: number;
  package: ChosenPackage;
  /** Who made the sale (the audit's actor); the system when not said. */
  actor?: Actor;
  /**
   * A buyback's work order (docs/decisions/0043-claim-coverage-and-deductible.md): the claim it repairs,
   * its only tasks (instead of the package's and the report's) and the day its promise counts from
   * (the decision, not the sale).
   */
  claim?: { id: number; tasks: { source: TaskSource; title: string }[]; from: Date };
}

interface ReportColumns {
  damage: DamageItem[];
  tires: Tires;
  warningLights: string[];
}

/**
 * The tasks a package and a condition report give, in order: the package's checklist, then each
 * damage item, each tire under 4/32 and each warning light of the report.
 */
export function tasksFor(
  checklist: readonly string[],
  report: ReportColumns,
): { source: TaskSource; title: string }[] {
  return [
    ...checklist.map((title) => ({ source: 'package' as const, title })),
    ...report.damage.map((item) => ({ source: 'damage' as const, title: damageTaskTitle(item) })),
    ...(Object.keys(TIRE_POSITIONS) as TirePosition[]).flatMap((position) => {
      const depth = report.tires[position];
      return isWornTread(depth) ? [{ source: 'tire' as const, title: tireTaskTitle(position, depth!) }] : [];
    }),
    ...report.warningLights.map((light) => ({
      source: 'warning_light' as const,
      title: warningLightTaskTitle(light),
    })),
  ];
}

/**
 * A sale's work order (docs/design.md §14), inside the sale's own DB transaction: the package as chosen,
 * promised `promisedDays` business days after the sale day in the sale terms' time zone, its tasks
 * from the package and the car's condition report. A package that costs nothing and covers nothing
 * ("As inspected") makes none: there is no work to wait for, so the release is not held. Answers
 * the new work order's id, or null.
 */
export async function createWorkOrder(tx: Executor, input: NewWorkOrder): Promise<number | null> {
  const { package: chosen } = input;
  if (decimalToCents(chosen.price) === 0 && chosen.checklist.length === 0) return null;
  const [sale] = await tx
    .select({ createdAt: transactions.createdAt, terms: transactions.terms })
    .from(transactions)
    .where(eq(transactions.id, input.transactionId));
  const [report] = await tx
    .select({ damage: vehicles.damage, tires: vehicles.tires, warningLights: vehicles.warningLights })
    .from(vehicles)
    .where(eq(vehicles.id, input.vehicleId));
  if (!sale || !report) throw new Error(`createWorkOrder: no sale ${input.transactionId} or vehicle`);
  const promisedOn = addBusinessDays(
    dateInZone(input.claim?.from ?? sale.createdAt, sale.terms.timeZone),
    chosen.promisedDays,
  );
  const [order] = await tx
    .insert(workOrders)
    .values({
      transactionId: input.transactionId,
      vehicleId: input.vehicleId,
      dealerId: input.dealerId,
      packageId: chosen.id,
      packageName: chosen.name,
      packagePrice: chosen.price,
      promisedOn,
      claimId: input.claim?.id ?? null,
    })
    .returning({ id: workOrders.id });
  const tasks = input.claim?.tasks ?? tasksFor(chosen.checklist, report);
  if (tasks.length > 0)
    await tx
      .insert(workOrderTasks)
      .values(tasks.map((task, position) => ({ workOrderId: order!.id, position, ...task })));
  await writeAudit(tx, input.actor ?? { type: 'system', id: null }, {
    entity: 'work_order',
    entityId: order!.id,
    action: 'created',
    after: {
      transactionId: input.transactionId,
      ...(input.claim ? { claimId: input.claim.id } : {}),
      packageName: chosen.name,
      packagePrice: chosen.price,
      promisedOn,
      tasks: tasks.length,
    },
  });
  return order!.id;
}
