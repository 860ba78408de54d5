/** A step of the cards' code (complete-tab.tsx, `loadInSteps`): the required shots' schemas. */
export { recordedSkipSchema } from '@contracts/required-shots';
