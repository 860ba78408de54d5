/** A step of the cards' code (complete-tab.tsx, `loadInSteps`): the delivery contract's schemas. */
export { zipSchema } from '@contracts/delivery';
