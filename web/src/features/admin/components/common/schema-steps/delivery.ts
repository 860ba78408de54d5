/** A step of the cards' code (`schemasInSteps`, ../schema-steps.ts): the delivery contract's schemas. */
export { zipSchema } from '@contracts/delivery';
