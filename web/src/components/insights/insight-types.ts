import type { InsightChart } from '@contracts/insights';

/** An admin report's chart or the dealer's purchases chart: the same shape, their own ids. */
export type ChartData = Omit<InsightChart, 'id'> & { id: string };
