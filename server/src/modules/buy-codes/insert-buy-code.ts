import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { buyCodes } from '../../db/schema';
import { randomBuyCode } from './buy-code-alphabet';

const MAX_ATTEMPTS = 20;

export interface NewBuyCode {
  dealerId: number;
  /** The team member who holds it (docs/design.md §11); null for a dealership without a team. */
  dealerUserId?: number | null;
  maxUses?: number | null;
  expiresAt?: Date | null;
  active?: boolean;
}

/** Inserts a fresh random code for a dealer, retrying on the rare collision with an existing code. */
export async function insertBuyCode(db: Executor, input: NewBuyCode) {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const [row] = await db
      .insert(buyCodes)
      .values({ ...input, code: randomBuyCode() })
      .onConflictDoNothing({ target: buyCodes.code })
      .returning();
    if (row) return row;
  }
  // 32^4 = 1,048,576 codes; reaching this means the code space is nearly exhausted.
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(buyCodes);
  throw new Error(`Could not find a free buy code after ${MAX_ATTEMPTS} attempts (${count} codes exist)`);
}
