import type { CreateDealerBody } from '@contracts/dealers';
import { ERROR_CODES } from '@contracts/errors';
import type { Database } from '../../db/client';
import { dealers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/db-errors';
import { knownZip, zipOfAddress } from '../../lib/zip';
import { writeAudit } from '../audit/write-audit';
import { toAdminBuyCode } from '../buy-codes/buy-code-views';
import { insertBuyCode } from '../buy-codes/insert-buy-code';
import { toDealer } from './dealer-views';

/** A new dealer and its first buy code, in one DB transaction (docs/product.md §7: the response has the code). */
export async function createDealer(db: Database, input: Required<CreateDealerBody>, actor: Actor) {
  // The ZIP ending the address is where its cars are delivered by default: a known US ZIP (lib/zip.ts).
  const zip = zipOfAddress(input.address);
  if (zip) knownZip(zip);
  try {
    return await db.transaction(async (tx) => {
      const [dealer] = await tx.insert(dealers).values(input).returning();
      const code = await insertBuyCode(tx, { dealerId: dealer!.id });
      await writeAudit(tx, actor, {
        entity: 'dealer',
        entityId: dealer!.id,
        action: 'created',
        after: dealer,
      });
      await writeAudit(tx, actor, {
        entity: 'buy_code',
        entityId: code.id,
        action: 'created',
        after: { code: code.code },
      });
      return { ...toDealer(dealer!), buyCode: toAdminBuyCode(code, dealer!.dealerName) };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      throw new AppError(ERROR_CODES.conflict, 'A dealer with this name already exists');
    }
    throw error;
  }
}
