/** A step of the cards' code (`schemasInSteps`, ../schema-steps.ts): the sign-in contracts' schemas. */
export { buyCodeSchema } from '@contracts/auth';
