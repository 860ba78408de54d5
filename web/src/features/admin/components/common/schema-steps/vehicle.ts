/** A step of the cards' code (`schemasInSteps`, ../schema-steps.ts): the vehicle's schemas. */
export { adminVehicleSchema } from '@contracts/vehicle';
