/** A step of the cards' code (complete-tab.tsx, `loadInSteps`): the vehicle's schemas and theirs. */
export { buyCodeSchema } from '@contracts/auth';
export { recordedSkipSchema } from '@contracts/required-shots';
export { adminVehicleSchema } from '@contracts/vehicle';
