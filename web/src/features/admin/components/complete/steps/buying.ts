/** A step of the cards' code (complete-tab.tsx, `loadInSteps`): the buying contract's schemas. */
export { amountSchema } from '@contracts/buying';
