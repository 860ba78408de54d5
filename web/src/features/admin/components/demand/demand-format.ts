import type { DemandGroup } from '@contracts/buy-orders';
import { formatUsd } from '@contracts/money';

/** "Any Toyota" or "Toyota RAV4". */
export const groupName = (g: Pick<DemandGroup, 'make' | 'model'>) =>
  g.model ? `${g.make} ${g.model}` : `Any ${g.make}`;

export const groupYears = (g: { yearMin: number | null; yearMax: number | null }) =>
  g.yearMin && g.yearMax
    ? g.yearMin === g.yearMax
      ? String(g.yearMin)
      : `${g.yearMin}–${g.yearMax}`
    : g.yearMin
      ? `${g.yearMin} or newer`
      : g.yearMax
        ? `${g.yearMax} or older`
        : 'Any year';

/** Each order's max price: "Up to $30,000" or "$30,000–$40,000"; "Not set" when none has one. */
export const budgetRange = (g: DemandGroup) =>
  g.budgetMin === null
    ? 'Not set'
    : g.budgetMin === g.budgetMax
      ? `Up to ${formatUsd(Number(g.budgetMin))}`
      : `${formatUsd(Number(g.budgetMin))}–${formatUsd(Number(g.budgetMax))}`;

export const ageInDays = (n: number) => (n === 0 ? 'Today' : n === 1 ? '1 day' : `${n} days`);
