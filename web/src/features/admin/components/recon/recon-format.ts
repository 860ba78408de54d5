import { decimalToCents, formatCents } from '@contracts/money';
import type { WorkOrder } from '@contracts/work-orders';
import { calendarDaysSince } from '../../days-since';

/** "$1,295", or "No charge" for a $0 package (As inspected). */
export const packagePrice = (price: string) => {
  const cents = decimalToCents(price);
  return cents === 0 ? 'No charge' : formatCents(cents);
};

/** "5 business days"; "None" when the package promises no work. */
export const businessDays = (n: number) => (n === 0 ? 'None' : `${n} business ${n === 1 ? 'day' : 'days'}`);

/** Whole days since the sale that opened the work order: "Today", "1 day", "12 days". */
export const workOrderAge = (
  order: { timeToLine: Pick<WorkOrder['timeToLine'], 'soldAt'> },
  now = new Date(),
) => {
  const days = calendarDaysSince(order.timeToLine.soldAt, now);
  return days === 0 ? 'Today' : days === 1 ? '1 day' : `${days} days`;
};

/** Parts and labour so far against what the dealer pays for the package, in cents. */
export const costAgainstPrice = (order: Pick<WorkOrder, 'totalCost' | 'packagePrice'>) => {
  const cost = decimalToCents(order.totalCost);
  const price = decimalToCents(order.packagePrice);
  return { cost, price, over: cost > price ? cost - price : 0 };
};
