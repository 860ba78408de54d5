import { type Deal, type DealPart, type LedgerEntry, SALE_TEXT, type SaleState } from '@contracts/after-sale';
import { committedCents } from '@contracts/deal-total';
import { centsToDecimal, decimalToCents } from '@contracts/money';

/** A ledger line in cents, before it is put on the wire. */
export type LedgerLine = Omit<LedgerEntry, 'amount'> & { cents: number };

export interface LedgerTotals {
  priceCents: number;
  chargeCents: number;
  creditCents: number;
  paidCents: number;
  refundedCents: number;
  /** price + charges − credits − payments + refunds: > 0 owed by the dealer, < 0 owed to the dealer. */
  balanceCents: number;
  refundOwedCents: number;
}

/**
 * The one fold of a sale's ledger (issue #27): every figure a view shows — balance, refund owed,
 * paid in full, what was paid — comes from here, so no two screens can disagree.
 */
export function ledgerTotals(lines: readonly Pick<LedgerLine, 'kind' | 'cents'>[]): LedgerTotals {
  const sum = (kind: LedgerLine['kind']) =>
    lines.filter((line) => line.kind === kind).reduce((total, line) => total + line.cents, 0);
  const priceCents = sum('price');
  const chargeCents = sum('charge');
  const creditCents = sum('credit');
  const paidCents = sum('payment');
  const refundedCents = sum('refund');
  const balanceCents = priceCents + chargeCents - creditCents - paidCents + refundedCents;
  return {
    priceCents,
    chargeCents,
    creditCents,
    paidCents,
    refundedCents,
    balanceCents,
    refundOwedCents: Math.max(0, -balanceCents),
  };
}

/** A line's signed effect on what the deal costs: charges and the price add, credits take away. */
const dealCents = (line: Pick<LedgerLine, 'kind' | 'cents'>) =>
  line.kind === 'credit' ? -line.cents : line.kind === 'price' || line.kind === 'charge' ? line.cents : 0;

/** What the lines commit the dealership to, part by part, in cents (payments and refunds are 0). */
export function dealPartsCents(lines: readonly Pick<LedgerLine, 'kind' | 'cents' | 'part'>[]) {
  const parts: Record<DealPart, number> = {
    price: 0,
    reconditioning: 0,
    delivery: 0,
    fees: 0,
    credits: 0,
    payment: 0,
    refund: 0,
  };
  for (const line of lines) parts[line.part] += dealCents(line);
  return parts;
}

/**
 * The one answer to "what does this deal cost" (issue #44, docs/decisions/0033-one-deal-total.md):
 * price + reconditioning + delivery + fees − credits, each part named, folded from the same lines
 * as the balance, so the total equals `amountDue` on every view, export and document.
 */
export function dealOf(lines: readonly Pick<LedgerLine, 'kind' | 'cents' | 'part'>[]): Deal {
  const parts = dealPartsCents(lines);
  const total = committedCents(parts) + parts.fees + parts.credits;
  return {
    price: centsToDecimal(parts.price),
    reconditioning: centsToDecimal(parts.reconditioning),
    delivery: centsToDecimal(parts.delivery),
    fees: centsToDecimal(parts.fees),
    // Shown as the amount taken off (positive), as the ledger's credit lines are.
    credits: centsToDecimal(-parts.credits),
    total: centsToDecimal(total),
  };
}

/** The lines as the views carry them (decimal strings, oldest first). */
export const ledgerEntries = (lines: readonly LedgerLine[]): LedgerEntry[] =>
  lines.map(({ cents, ...line }) => ({ ...line, amount: centsToDecimal(cents) }));

/**
 * Why a money step may not go on the ledger (null when it may), judged on the state before and
 * the state it would leave: a payment never beyond the balance it settles, a refund only while the
 * dealer is owed money and never beyond it. The server's rule and the property test's oracle.
 */
export function moneyStepRefusal(
  kind: 'payment' | 'refund',
  before: Pick<SaleState, 'refundOwed'>,
  after: Pick<SaleState, 'balance'>,
): string | null {
  const balanceAfter = decimalToCents(after.balance);
  if (kind === 'payment') return balanceAfter < 0 ? SALE_TEXT.overpaid : null;
  if (decimalToCents(before.refundOwed) <= 0) return SALE_TEXT.noRefundOwed;
  return balanceAfter > 0 ? SALE_TEXT.refundTooLarge : null;
}
