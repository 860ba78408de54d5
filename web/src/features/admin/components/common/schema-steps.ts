import { loadInSteps } from '@/lib/load-in-steps';

/**
 * The contracts' zod schemas that the admin's forms check with (the queue card's form, the
 * Required shots form, the condition editor), loaded leaves first, each step run in a task of its
 * own (`loadInSteps`): imported at once, the ~50 chunks ran in one task once all were in (~0.7 s at
 * 4× CPU, issue #47). Each step is a module of `./schema-steps` re-exporting one schema per
 * contract: a dynamic import of the contract itself made the bundler split its runtime helpers off
 * the entry chunk (a fourth file for every public page). Asked only by those forms' code, as a form
 * nears the screen or a dialog opens: what the queue's cards show around them loads no zod, so a
 * phone's first seconds on /admin run none of this (issue #47).
 */
export const schemasInSteps = loadInSteps([
  () => import('./schema-steps/base-schemas'),
  () => import('./schema-steps/delivery'),
  () => import('./schema-steps/auth'),
  () => import('./schema-steps/required-shots'),
  () => import('./schema-steps/vehicle'),
  () => import('./schema-steps/work-orders'),
  () => import('./schema-steps/buying'),
]);
