/** A step of the cards' code (`schemasInSteps`, ../schema-steps.ts): the work orders' schemas. */
export { saleWorkOrderSchema } from '@contracts/work-orders';
