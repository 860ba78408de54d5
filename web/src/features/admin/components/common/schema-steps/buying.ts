/** A step of the cards' code (`schemasInSteps`, ../schema-steps.ts): the buying contract's schemas. */
export { amountSchema } from '@contracts/buying';
