/** A step of the cards' code (complete-tab.tsx, `loadInSteps`): the work orders' schemas. */
export { saleWorkOrderSchema } from '@contracts/work-orders';
