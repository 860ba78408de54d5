/** A step of the cards' code (complete-tab.tsx, `loadInSteps`): the sign-in contracts' schemas. */
export { buyCodeSchema } from '@contracts/auth';
