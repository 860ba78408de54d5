import { AUCTION_CERTIFIED } from '@contracts/limits';
import { computeVinCheckDigit } from '@contracts/vin';

/** A realistic wholesale inventory for the demo (DESIGN.md §1). */
export interface DemoVehicle {
  wmi: string;
  make: string;
  model: string;
  trim: string | null;
  year: number;
  mileage: number | null;
  price: string;
  premium: boolean;
  description: string;
}

const v = (
  wmi: string,
  make: string,
  model: string,
  trim: string | null,
  year: number,
  mileage: number | null,
  price: number,
  premium: boolean,
  description: string,
): DemoVehicle => ({ wmi, make, model, trim, year, mileage, price: price.toFixed(2), premium, description });

export const DEMO_VEHICLES: DemoVehicle[] = [
  v('4T1', 'Toyota', 'Camry', 'SE', 2021, 38214, 21450, true, 'One-owner sedan with clean history, new front brakes and a fresh synthetic oil change. Front-line ready.'),
  v('1HG', 'Honda', 'Accord', 'EX-L', 2020, 45120, 20900, true, 'Leather, sunroof and Honda Sensing. Detailed inside and out; two keys and the owner manuals.'),
  v('1FT', 'Ford', 'F-150', 'XLT SuperCrew', 2019, 68450, 27800, false, '5.0L V8 4x4 with the towing package. Bedliner, running boards, minor scuffs on the rear bumper.'),
  v('1GC', 'Chevrolet', 'Silverado 1500', 'LT Trail Boss', 2022, 29870, 41200, true, 'Lifted from the factory, 5.3L V8, Z71 off-road package. New all-terrain tires.'),
  v('5J6', 'Honda', 'CR-V', 'EX', 2019, 52310, 19750, true, 'All-wheel drive, heated seats, Apple CarPlay. Timing and fluids serviced at 50k.'),
  v('1N4', 'Nissan', 'Altima', '2.5 SV', 2020, 61200, 14900, false, 'Auction unit with light hail on the roof, runs and drives well. Priced for a quick flip.'),
  v('1C4', 'Jeep', 'Grand Cherokee', 'Limited', 2018, 74520, 20300, false, 'Leather, navigation, 3.6L V6 4x4. Rear differential service done; tires at 60%.'),
  v('3C6', 'Ram', '1500', 'Big Horn Crew Cab', 2020, 55870, 30450, true, 'HEMI 5.7L, eTorque, 8.4-inch screen. Spray-in liner and tonneau cover included.'),
  v('5NP', 'Hyundai', 'Elantra', 'SEL', 2022, 21340, 17600, true, 'Balance of factory powertrain warranty. Non-smoker, spotless interior, adaptive cruise.'),
  v('5XY', 'Kia', 'Sorento', 'S', 2021, 40210, 23900, true, 'Three rows, all-wheel drive, remote start. Fresh detail and a new cabin filter.'),
  v('4S4', 'Subaru', 'Outback', 'Premium', 2020, 48760, 21800, true, 'Symmetrical AWD, EyeSight, roof rails. Head gaskets inspected, CVT fluid replaced.'),
  v('5UX', 'BMW', 'X5', 'xDrive40i', 2019, 58900, 33950, false, 'M Sport package, panoramic roof, Harman Kardon audio. Oil leak repaired at the valve cover.'),
  v('4JG', 'Mercedes-Benz', 'GLE', 'GLE 350 4MATIC', 2020, 43250, 37400, true, 'Premium package, 360 camera, heated and ventilated seats. Service B completed.'),
  v('2T2', 'Lexus', 'RX', 'RX 350', 2019, 61840, 31200, true, 'Luxury package, mark levinson audio, navigation. Dealer-maintained, clean Carfax.'),
  v('5YJ', 'Tesla', 'Model 3', 'Long Range AWD', 2021, 34120, 28900, true, 'Battery health 94%, Autopilot, premium interior. Two key cards and the mobile connector.'),
  v('JM3', 'Mazda', 'CX-5', 'Touring', 2021, 36880, 22100, true, 'Preferred package, blind-spot monitoring, power liftgate. New wiper blades and battery.'),
  v('3VW', 'Volkswagen', 'Jetta', 'S', 2019, 71420, 11900, false, 'Economical commuter, 1.4T automatic. Small door ding on the passenger side.'),
  v('WA1', 'Audi', 'Q5', 'Premium Plus quattro', 2020, 50220, 29850, true, 'Virtual cockpit, Bang & Olufsen audio, panoramic roof. Brakes and rotors replaced.'),
  v('2C3', 'Dodge', 'Charger', 'SXT', 2020, 57110, 19400, false, 'Rear-wheel drive V6 with the Blacktop appearance package. Tires replaced last fall.'),
  v('1GY', 'Cadillac', 'XT5', 'Premium Luxury', 2019, 63980, 24700, false, 'AWD, heads-up display, Bose audio. Minor curb rash on two wheels.'),
  v('1FM', 'Ford', 'Explorer', 'XLT', 2020, 59230, 24300, true, 'Third row, 2.3L EcoBoost, 4WD. Water pump replaced under recall; documentation on file.'),
  v('1GN', 'Chevrolet', 'Tahoe', 'LT', 2018, 88450, 29900, false, 'Eight seats, 5.3L V8, rear entertainment. Fleet maintained with service records.'),
  v('1FA', 'Ford', 'Mustang', 'GT Premium', 2019, 27650, 31600, true, '5.0L Coyote V8, 10-speed automatic, performance package. Garage kept, never tracked.'),
  v('4T3', 'Toyota', 'RAV4', 'XLE', 2022, 25980, 27400, true, 'Hybrid-ready trade from a single owner. Toyota Safety Sense 2.0 and a fresh detail.'),
  v('5TD', 'Toyota', 'Highlander', 'XLE', 2020, 49870, 30900, true, 'Eight-passenger AWD with navigation and sunroof. Timing and spark plugs serviced.'),
  v('1G1', 'Chevrolet', 'Malibu', 'LT', 2019, 66340, 12800, false, 'Clean interior, remote start, Apple CarPlay. Auction unit; light scratches on the hood.'),
  v('KNM', 'Nissan', 'Rogue', 'SV', 2021, 39120, 20100, true, 'AWD, ProPilot Assist, heated seats. New tires and a four-wheel alignment.'),
  v('1GT', 'GMC', 'Sierra 1500', 'SLE Double Cab', 2019, 72310, 27100, false, '5.3L V8 4x4, trailering package. Windshield chip repaired; runs strong.'),
  v('5FN', 'Honda', 'Odyssey', 'EX-L', 2019, 70850, 21400, false, 'Family van with leather, power sliding doors and rear entertainment. Transmission serviced.'),
  v('3KP', 'Kia', 'Forte', 'LXS', 2022, 18760, 16200, true, 'Nearly new compact with factory warranty remaining. Lane keeping and a backup camera.'),
  v('KM8', 'Hyundai', 'Santa Fe', 'SEL', 2021, 41890, 22900, true, 'AWD with the convenience package. Wireless charging and blind-spot view monitor.'),
  v('JTD', 'Toyota', 'Corolla', 'LE', 2021, 33450, 16900, true, 'Reliable commuter with Toyota Safety Sense. Fresh oil, new wipers, ready to retail.'),
  v('1C6', 'Jeep', 'Gladiator', 'Sport S', 2021, 30210, 33400, false, 'Hard top, 3.6L V6, 4x4 with the max tow package. Light trail wear underneath.'),
  v('WBA', 'BMW', '3 Series', '330i xDrive', 2020, 46780, 25600, true, 'Premium package, live cockpit, heated steering wheel. Oil service and brake fluid flush done.'),
  v('1G4', 'Buick', 'Enclave', 'Essence', 2019, 69210, 23100, false, 'Leather, three rows, AWD. Minor wear on the driver bolster; otherwise clean.'),
  v('1HG', 'Honda', 'Civic', 'Sport', 2022, 15230, 22700, true, 'Manual-feel CVT with paddle shifters, Honda Sensing, one owner. Like new.'),
];

const MODEL_YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY';
const SERIAL_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** Model-year character of position 10 for 2010–2030 (WIRE-FORMATS.md). */
export const modelYearCode = (year: number) => MODEL_YEAR_CODES[year - 2010] ?? '9';

/** A deterministic, check-digit-valid VIN for the n-th demo vehicle. */
export function demoVin(vehicle: DemoVehicle, n: number): string {
  // Position 7 is a letter so the 2010+ model-year cycle applies; the rest varies with n.
  const vds = `${SERIAL_CHARS[(n * 7) % 23]}${SERIAL_CHARS[(n * 3 + 5) % 23]}${(n % 9) + 1}${SERIAL_CHARS[(n * 5 + 2) % 23]}${(n * 4) % 10}`;
  const tail = `${modelYearCode(vehicle.year)}${SERIAL_CHARS[n % 23]}${String(100000 + n * 7919).slice(-6)}`;
  const draft = `${vehicle.wmi}${vds}0${tail}`;
  return `${draft.slice(0, 8)}${computeVinCheckDigit(draft)}${draft.slice(9)}`;
}

export const certificationOf = (vehicle: DemoVehicle, premiumLabel: string) =>
  vehicle.premium ? premiumLabel : AUCTION_CERTIFIED;
