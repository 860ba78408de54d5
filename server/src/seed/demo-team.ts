import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { buyCodes, dealers, dealerUsers, transactions } from '../db/schema';
import { generatePassword, hashPassword } from '../modules/auth/passwords';
import { insertBuyCode } from '../modules/buy-codes/insert-buy-code';
import { giveUnheldCodesToOwner } from '../modules/buy-codes/member-codes';

/** The demo dealership whose people sign in with their own accounts (docs/design.md §10). */
export const DEMO_TEAM_DEALER = 'Route 9 Motors';

/** Its people: an owner, a buyer with limits and a viewer (docs/features/accounts.md). */
export const DEMO_TEAM = [
  { email: 'tom@route9motors.example', name: 'Tom Alvarez', role: 'owner' },
  {
    email: 'rita@route9motors.example',
    name: 'Rita Buyer',
    role: 'buyer',
    perVehicleLimit: '30000.00',
    perDayLimit: '60000.00',
  },
  { email: 'vic@route9motors.example', name: 'Vic Viewer', role: 'viewer' },
] as const;

export interface DemoTeam {
  dealerName: string;
  emails: string[];
  /** One generated password for the three demo accounts, printed once on the first start. */
  password: string;
}

/**
 * Seeds the demo team into the freshly seeded marketplace: three accepted members of Route 9 Motors
 * with one generated password (printed once, like the admin's; only hashes are stored), and the
 * dealership's pending demo sale recorded as the buyer's, so the dashboards show "Bought by".
 */
export async function seedDemoTeam(db: Database): Promise<DemoTeam | null> {
  const [dealer] = await db.select().from(dealers).where(eq(dealers.dealerName, DEMO_TEAM_DEALER));
  if (!dealer) return null;
  const password = generatePassword();
  const rows = [];
  for (const member of DEMO_TEAM) {
    rows.push({
      ...member,
      dealerId: dealer.id,
      passwordHash: await hashPassword(password),
      acceptedAt: new Date(),
    });
  }
  const inserted = await db.insert(dealerUsers).values(rows).returning();
  const buyer = inserted.find((m) => m.role === 'buyer')!;
  // Codes are people's (docs/design.md §11): the dealership's codes are the owner's, the buyer gets her
  // own, the viewer none.
  await giveUnheldCodesToOwner(db, dealer.id);
  const buyerCode = await insertBuyCode(db, { dealerId: dealer.id, dealerUserId: buyer.id });
  const [sale] = await db
    .select({ id: transactions.id, buyCodeId: transactions.buyCodeId })
    .from(transactions)
    .where(and(eq(transactions.dealerId, dealer.id), eq(transactions.cancelled, false)))
    .orderBy(asc(transactions.id))
    .limit(1);
  if (sale) {
    // The demo sale was hers, made with her code.
    await db
      .update(transactions)
      .set({ buyerUserId: buyer.id, buyCodeId: buyerCode.id })
      .where(eq(transactions.id, sale.id));
    await db
      .update(buyCodes)
      .set({ usageCount: 1, lastUsedAt: sql`now() - interval '3 days'` })
      .where(eq(buyCodes.id, buyerCode.id));
    if (sale.buyCodeId !== null)
      await db
        .update(buyCodes)
        .set({ usageCount: sql`greatest(${buyCodes.usageCount} - 1, 0)` })
        .where(eq(buyCodes.id, sale.buyCodeId));
  }
  return { dealerName: dealer.dealerName, emails: inserted.map((m) => m.email), password };
}
