import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { dealers, reconPackages, transactions, workOrders, workOrderTasks } from '../db/schema';
import type { Actor } from '../lib/actor';
import { cancelWorkOrder } from '../modules/recon/release-gate';
import { addSalePackage } from '../modules/recon/sale-package';
import { updateWorkOrderTask } from '../modules/recon/update-work-order-task';
import { demoAdmin } from './demo-lookups';
import { DEMO_TEAM_DEALER } from './demo-team';

const DAY = 24 * 60 * 60 * 1000;
const STAFF: Actor = { type: 'staff', id: null };

/**
 * Work orders in every state on the demo's sales (issue #31), made and worked with the recon
 * module's own steps: the completed sale's Front-line ready work done (costs, one task not needed)
 * before its pickup; the pending sale's Mechanical work in progress and past its promise; the demo
 * team's purchase (or, when that is the pending sale, the next one) Near-CPO, not started; the
 * cancelled sale's work order cancelled with it. The other sales were bought as inspected: no work
 * order. Each package goes on its sale as a purchase puts it there (addSalePackage): its price a
 * charge on the sale's ledger, then its work order. Run by seedDemoSales once the sales are
 * backdated and before their payments and pickups; the moments are then set back to the sales' own
 * days.
 */
export async function seedDemoWorkOrders(db: Database) {
  const packages = new Map((await db.select().from(reconPackages)).map((p) => [p.name, p] as const));
  const sales = await db.select().from(transactions).orderBy(asc(transactions.id));
  const live = sales.filter((s) => !s.cancelled);
  const [team] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .innerJoin(dealers, eq(dealers.id, transactions.dealerId))
    .where(and(eq(dealers.dealerName, DEMO_TEAM_DEALER), eq(transactions.cancelled, false)))
    .orderBy(asc(transactions.id))
    .limit(1);
  const asAdmin = await demoAdmin(db);
  const make = async (sale: (typeof sales)[number] | undefined, name: string) => {
    const chosen = packages.get(name);
    if (!sale || !chosen) return null;
    const id = await db.transaction((tx) =>
      addSalePackage(tx, {
        transactionId: sale.id,
        vehicleId: sale.vehicleId,
        dealerId: sale.dealerId,
        package: {
          id: chosen.id,
          name: chosen.name,
          price: chosen.price,
          checklist: chosen.checklist,
          promisedDays: chosen.promisedDays,
        },
        actor: asAdmin,
        // Chosen with the sale: its charge dates from the sale's moment, as a purchase's does.
        at: sale.createdAt,
      }),
    );
    const tasks = id
      ? await db
          .select({ id: workOrderTasks.id })
          .from(workOrderTasks)
          .where(eq(workOrderTasks.workOrderId, id))
          .orderBy(asc(workOrderTasks.position))
      : [];
    return id ? { id, sale, tasks: tasks.map((t) => t.id) } : null;
  };
  /** A task of a demo work order, changed as the shop's staff would. */
  const byStaff = (order: { id: number }, taskId: number, body: Parameters<typeof updateWorkOrderTask>[3]) =>
    updateWorkOrderTask(db, order.id, taskId, body, STAFF);
  const at = (sale: { createdAt: Date }, days: number) => new Date(sale.createdAt.getTime() + days * DAY);

  const [completed, pending] = live;
  const done = await make(completed, 'Front-line ready');
  if (done) {
    for (const [i, taskId] of done.tasks.entries()) {
      const body =
        i === 5
          ? { status: 'not_needed' as const, notNeededReason: 'Bumpers were clean; nothing to touch up.' }
          : { status: 'done' as const, ...(i < 3 ? { partsCost: '42.50', labourCost: '60.00' } : {}) };
      await byStaff(done, taskId, body);
    }
    await db
      .update(workOrders)
      .set({ createdAt: done.sale.createdAt, startedAt: at(done.sale, 1), doneAt: at(done.sale, 3) })
      .where(eq(workOrders.id, done.id));
  }
  const working = await make(pending, 'Mechanical');
  if (working) {
    const [oil, fluids, brakes] = working.tasks;
    if (oil) await byStaff(working, oil, { status: 'done', partsCost: '38.00', labourCost: '45.00' });
    if (fluids) await byStaff(working, fluids, { status: 'done', labourCost: '15.00' });
    if (brakes)
      await byStaff(working, brakes, {
        status: 'in_progress',
        partsCost: '189.90',
        notes: 'Front pads at 3 mm; rotors within spec.',
      });
    await db
      .update(workOrders)
      .set({ createdAt: working.sale.createdAt, startedAt: at(working.sale, 2) })
      .where(eq(workOrders.id, working.id));
  }
  // Not started: the demo team's purchase when it is not one of the two above, else the next sale.
  const used = new Set([completed?.id, pending?.id]);
  const fresh = [sales.find((s) => s.id === team?.id), ...live].find(
    (s) => s && !s.cancelled && !used.has(s.id),
  );
  await make(fresh, 'Near-CPO');
  const cancelled = sales.find((s) => s.cancelled);
  if (cancelled && (await make(cancelled, 'Mechanical')))
    await db.transaction((tx) => cancelWorkOrder(tx, cancelled.id, asAdmin));
}
