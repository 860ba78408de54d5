/** A step of the cards' code (`schemasInSteps`, ../schema-steps.ts): the required shots' schemas. */
export { recordedSkipSchema } from '@contracts/required-shots';
