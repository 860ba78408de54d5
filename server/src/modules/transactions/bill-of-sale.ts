import type { SaleState } from '@contracts/after-sale';
import { addBusinessDays, dateInZone } from '@contracts/business-days';
import { formatDay } from '@contracts/dates';
import { ERROR_CODES } from '@contracts/errors';
import { centsToDecimal, decimalToCents, formatAmount } from '@contracts/money';
import { MAX_BILL_OF_SALE_BYTES } from '@contracts/upload-limits';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealers, dealerUsers, storedFiles, transactions, vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { detectDocumentType } from '../../lib/file-type';
import { writeAudit } from '../audit/write-audit';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { billOfSaleUploadedMessage } from '../notifications/sale-messages';
import { saleStatesOf } from './sale-timeline';
import { billOfSalePath, getTransactionView, saleFactsOf } from './transaction-views';
import { CANCELLED_IS_FINAL } from './update-transaction';

/**
 * Stores a bill of sale (pdf, png, jpg, jpeg — judged by content), links it to the transaction and
 * tells the dealer's title contact, in one DB transaction.
 */
export async function attachBillOfSale(
  db: Database,
  id: number,
  file: { data: Buffer; fileName: string },
  actor: Actor,
) {
  if (file.data.length === 0) throw new AppError(ERROR_CODES.badRequest, 'The file is empty');
  if (file.data.length > MAX_BILL_OF_SALE_BYTES) {
    throw new AppError(ERROR_CODES.payloadTooLarge, 'The bill of sale must be 20 MB or smaller');
  }
  const type = detectDocumentType(file.data.subarray(0, 16));
  if (!type)
    throw new AppError(ERROR_CODES.unsupportedMediaType, 'The bill of sale must be a PDF, PNG or JPEG file');
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(transactions).where(eq(transactions.id, id)).for('update');
    if (!current) throw notFound('Transaction not found');
    if (current.cancelled) throw new AppError(ERROR_CODES.conflict, CANCELLED_IS_FINAL);
    const safeName = `bill-of-sale-${id}.${type.extension}`;
    const [stored] = await tx
      .insert(storedFiles)
      .values({ contentType: type.contentType, fileName: safeName, size: file.data.length, data: file.data })
      .returning({ id: storedFiles.id });
    await tx
      .update(transactions)
      .set({ billOfSale: `${billOfSalePath(id)}?v=${stored!.id}`, billOfSaleFileId: stored!.id })
      .where(eq(transactions.id, id));
    if (current.billOfSaleFileId)
      await tx.delete(storedFiles).where(eq(storedFiles.id, current.billOfSaleFileId));
    await writeAudit(tx, actor, {
      entity: 'transaction',
      entityId: id,
      action: 'bill_of_sale_uploaded',
      after: {
        contentType: type.contentType,
        size: file.data.length,
        originalName: file.fileName.slice(0, 200),
      },
    });
    // Each upload (a replacement too) is news for the dealer's title contact.
    await enqueueNotifications(tx, [
      {
        event: 'bill_of_sale_uploaded',
        entityId: stored!.id,
        to: [{ dealerId: current.dealerId, contact: 'title' }],
        message: billOfSaleUploadedMessage({
          ...(await saleFactsOf(tx, current)),
          downloadPath: billOfSalePath(id),
        }),
      },
    ]);
    return (await getTransactionView(tx, id))!;
  });
}

/**
 * The deal and the ledger as the bill of sale states them: the same figures as every view, from the
 * one deal total (ADR 0033): each part beyond the price, the total, what was received, what is owed.
 */
export function ledgerLine(
  state: Pick<SaleState, 'deal' | 'ledger' | 'paidAmount' | 'refundOwed' | 'balance'>,
) {
  // Each charge by its own label (the package's name, the delivery's miles, the late fee), each
  // credit likewise, then the deal's total: the same figures as every view.
  const moves = state.ledger.filter((line) => line.kind === 'charge' || line.kind === 'credit');
  const charged = moves.length
    ? `${moves.map((line) => `${line.label} ${line.kind === 'credit' ? '−' : ''}${formatAmount(line.amount)}`).join('. ')}. Total ${formatAmount(state.deal.total)}. `
    : '';
  const owed =
    decimalToCents(state.refundOwed) > 0
      ? `Refund owed to the buyer ${formatAmount(state.refundOwed)}.`
      : `Balance due ${formatAmount(centsToDecimal(Math.max(0, decimalToCents(state.balance))))}.`;
  return `${charged}Received to date ${formatAmount(state.paidAmount)}. ${owed}`;
}

/** Who sells, as the generated bill of sale names them (the brand, SELLER_ADDRESS). */
export interface Seller {
  name: string;
  address: string | null;
  phone: string | null;
}

/**
 * The bill of sale, for an admin or the buying dealer only: the uploaded signed copy when there is
 * one, else generated now from the transaction (never stored, so never stale; docs/design.md §8).
 */
export async function getBillOfSale(db: Database, id: number, actor: Actor, seller: Seller) {
  const [row] = await db
    .select({
      sale: transactions,
      vehicle: vehicles,
      dealer: dealers,
      file: storedFiles,
      member: dealerUsers,
    })
    .from(transactions)
    .innerJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
    .innerJoin(dealers, eq(dealers.id, transactions.dealerId))
    .leftJoin(dealerUsers, eq(dealerUsers.id, transactions.buyerUserId))
    .leftJoin(storedFiles, eq(storedFiles.id, transactions.billOfSaleFileId))
    .where(eq(transactions.id, id));
  // Another dealer's document looks exactly like a missing one.
  if (!row || (actor.type !== 'admin' && (actor.type !== 'dealer' || row.sale.dealerId !== actor.id)))
    throw notFound('Bill of sale not found');
  if (row.file) return row.file;
  const { sale, vehicle, dealer, member } = row;
  const { terms } = sale;
  const saleDay = dateInZone(sale.createdAt, terms.timeZone);
  const dueOn = addBusinessDays(saleDay, terms.paymentDays);
  const state = (await saleStatesOf(db, [sale]))[0]!;
  // The PDF library loads with the first bill of sale, not with every start (~0.25 s of one).
  const { renderBillOfSale } = await import('./bill-of-sale-pdf');
  const pdf = await renderBillOfSale({
    transactionId: sale.id,
    saleDate: new Date(`${saleDay}T00:00:00Z`),
    seller,
    buyer: {
      dealerName: dealer.dealerName,
      address: dealer.address,
      // The member who bought is the buyer's contact on their deal (a team's sale names them).
      contactName: member?.name ?? dealer.contactName,
      phone: dealer.phone,
      email: member?.email ?? dealer.email,
    },
    vehicle: {
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      trim: vehicle.trim,
      vin: vehicle.vin,
      mileage: vehicle.mileage,
    },
    price: sale.amount,
    paymentTerms: `Payment due within ${terms.paymentDays} business days, by ${formatDay(dueOn)}.${
      terms.lateFeePercent > 0
        ? ` A late fee of ${terms.lateFeePercent}% of the price applies after that.`
        : ''
    } ${ledgerLine(state)}`,
    odometer: { reading: vehicle.mileage, status: state.odometerStatus },
    guarantee: terms.guarantee ?? null,
  });
  return {
    contentType: 'application/pdf',
    fileName: `bill-of-sale-${sale.id}.pdf`,
    data: Buffer.from(pdf),
  };
}
