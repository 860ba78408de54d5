/** A step of the cards' code (complete-tab.tsx, `loadInSteps`): the vehicle's schemas. */
export { adminVehicleSchema } from '@contracts/vehicle';
