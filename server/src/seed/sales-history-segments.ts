/**
 * The make/model segments of the generated sales history (sales-history.ts): the models of the
 * demo's published cars, so their guides show, plus other common wholesale models. `base` is the
 * wholesale price of a model-year-`REFERENCE_YEAR` car five years old with 60,000 miles and grade
 * 4.0 (see priceModel in sales-history.ts); `weight` its share of the volume (pickups and the
 * best-selling SUVs and sedans lead, as at a real wholesale lane).
 */
export interface SalesSegment {
  make: string;
  model: string;
  /** World manufacturer identifier: the VIN's first three characters. */
  wmi: string;
  trims: string[];
  /** Model years sold (inclusive). */
  years: [number, number];
  base: number;
  weight: number;
}

export const REFERENCE_YEAR = 2021;

const s = (
  make: string,
  model: string,
  wmi: string,
  trims: string[],
  years: [number, number],
  base: number,
  weight: number,
): SalesSegment => ({ make, model, wmi, trims, years, base, weight });

/** The demo's models (but the Tesla Model 3 and the Dodge Charger: their pages show no guide). */
export const DEMO_MODEL_SEGMENTS: SalesSegment[] = [
  s('Toyota', 'Camry', '4T1', ['LE', 'SE', 'XLE'], [2016, 2024], 21_400, 9),
  s('Honda', 'Accord', '1HG', ['LX', 'Sport', 'EX-L'], [2016, 2024], 24_000, 8),
  s('Ford', 'F-150', '1FT', ['XL', 'XLT SuperCrew', 'Lariat'], [2015, 2024], 38_700, 11),
  s('Chevrolet', 'Silverado 1500', '1GC', ['WT', 'LT', 'RST'], [2015, 2024], 35_600, 10),
  s('Honda', 'CR-V', '5J6', ['LX', 'EX', 'EX-L'], [2016, 2024], 26_200, 8),
  s('Nissan', 'Altima', '1N4', ['S', 'SV', 'SR'], [2016, 2024], 18_000, 6),
  s('Jeep', 'Grand Cherokee', '1C4', ['Laredo', 'Limited', 'Overland'], [2015, 2024], 32_400, 5),
  s('Ram', '1500', '3C6', ['Tradesman', 'Big Horn', 'Laramie'], [2015, 2024], 36_200, 8),
  s('Hyundai', 'Elantra', '5NP', ['SE', 'SEL', 'Limited'], [2017, 2024], 14_800, 6),
  s('Kia', 'Sorento', '5XY', ['LX', 'S', 'EX'], [2016, 2024], 24_000, 4),
  s('Subaru', 'Outback', '4S4', ['Premium', 'Limited', 'Onyx'], [2016, 2024], 25_400, 4),
  s('BMW', 'X5', '5UX', ['sDrive40i', 'xDrive40i'], [2016, 2024], 45_900, 2),
  s('Mercedes-Benz', 'GLE', '4JG', ['GLE 350', 'GLE 450'], [2016, 2024], 42_800, 2),
  s('Lexus', 'RX', '2T2', ['RX 350', 'RX 350 F Sport'], [2016, 2024], 42_500, 2),
  s('Mazda', 'CX-5', 'JM3', ['Sport', 'Touring', 'Grand Touring'], [2016, 2024], 22_000, 5),
  s('Volkswagen', 'Jetta', '3VW', ['S', 'SE', 'SEL'], [2016, 2024], 16_700, 3),
  s('Audi', 'Q5', 'WA1', ['Premium', 'Premium Plus'], [2016, 2024], 34_900, 2),
  s('Cadillac', 'XT5', '1GY', ['Luxury', 'Premium Luxury'], [2017, 2024], 33_900, 1),
  s('Ford', 'Explorer', '1FM', ['XLT', 'Limited', 'ST'], [2016, 2024], 29_200, 6),
  s('Chevrolet', 'Tahoe', '1GN', ['LS', 'LT', 'Premier'], [2015, 2024], 49_800, 3),
  s('Ford', 'Mustang', '1FA', ['EcoBoost', 'GT'], [2015, 2024], 38_900, 2),
  s('Toyota', 'RAV4', '2T3', ['LE', 'XLE', 'Adventure'], [2016, 2024], 23_400, 10),
  s('Toyota', 'Highlander', '5TD', ['LE', 'XLE', 'Limited'], [2016, 2024], 36_100, 5),
  s('Chevrolet', 'Malibu', '1G1', ['LS', 'LT', 'Premier'], [2016, 2024], 17_700, 4),
  s('Nissan', 'Rogue', '5N1', ['S', 'SV', 'SL'], [2016, 2024], 20_100, 8),
  s('GMC', 'Sierra 1500', '1GT', ['SLE', 'SLT', 'AT4'], [2015, 2024], 38_100, 5),
  s('Honda', 'Odyssey', '5FN', ['EX', 'EX-L', 'Touring'], [2016, 2024], 30_000, 3),
  s('Kia', 'Forte', '3KP', ['FE', 'LXS', 'GT-Line'], [2017, 2024], 13_600, 4),
  s('Hyundai', 'Santa Fe', '5NM', ['SE', 'SEL', 'Limited'], [2017, 2024], 23_100, 4),
  s('Toyota', 'Corolla', '2T1', ['L', 'LE', 'SE'], [2016, 2024], 16_700, 7),
  s('Jeep', 'Gladiator', '1C6', ['Sport', 'Sport S', 'Rubicon'], [2020, 2024], 32_600, 2),
  s('BMW', '3 Series', 'WBA', ['330i', '330i xDrive'], [2016, 2024], 29_600, 2),
  s('Buick', 'Enclave', '5GA', ['Preferred', 'Essence'], [2016, 2024], 32_200, 2),
  s('Honda', 'Civic', '2HG', ['LX', 'Sport', 'EX'], [2016, 2024], 18_800, 8),
];

/** Other common wholesale models: no demo car is one of them. */
export const OTHER_SEGMENTS: SalesSegment[] = [
  s('Chevrolet', 'Equinox', '2GN', ['LS', 'LT', 'Premier'], [2016, 2024], 16_900, 7),
  s('Ford', 'Escape', '1FM', ['S', 'SE', 'Titanium'], [2016, 2024], 15_800, 6),
  s('Nissan', 'Sentra', '3N1', ['S', 'SV', 'SR'], [2016, 2024], 13_600, 5),
  s('Toyota', 'Tacoma', '3TM', ['SR5', 'TRD Sport', 'TRD Off-Road'], [2016, 2024], 31_400, 6),
  s('Jeep', 'Wrangler', '1C4', ['Sport', 'Sahara', 'Rubicon'], [2016, 2024], 29_900, 5),
  s('Honda', 'Pilot', '5FN', ['EX', 'EX-L', 'Touring'], [2016, 2024], 27_300, 4),
  s('Hyundai', 'Tucson', 'KM8', ['SE', 'SEL', 'Limited'], [2016, 2024], 17_900, 5),
  s('Kia', 'Sportage', 'KND', ['LX', 'EX', 'SX'], [2016, 2024], 17_600, 4),
  s('Subaru', 'Forester', 'JF2', ['Base', 'Premium', 'Sport'], [2016, 2024], 20_300, 4),
  s('Volkswagen', 'Tiguan', '3VV', ['S', 'SE', 'SEL'], [2018, 2024], 18_900, 3),
  s('Chevrolet', 'Traverse', '1GN', ['LS', 'LT', 'RS'], [2016, 2024], 23_400, 3),
  s('Dodge', 'Durango', '1C4', ['SXT', 'GT', 'R/T'], [2016, 2024], 26_200, 2),
];

export const DEFAULT_SEGMENTS: SalesSegment[] = [...DEMO_MODEL_SEGMENTS, ...OTHER_SEGMENTS];
