/** A step of the cards' code (`schemasInSteps`, ../schema-steps.ts): the small contracts the others build on. */
export { photoSchema } from '@contracts/condition-report';
export { idSchema } from '@contracts/ids';
export { pageQuerySchema } from '@contracts/paging';
