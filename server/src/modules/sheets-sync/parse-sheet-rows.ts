import { ADMIN_TEXT } from '@contracts/admin';
import { AUCTION_CERTIFIED, MIN_VEHICLE_YEAR, maxVehicleYear } from '@contracts/limits';
import { centsToDecimal, toCents } from '@contracts/money';
import { hasValidVinCheckDigit, isWellFormedVin, normalizeVin } from '@contracts/vin';
import type { SheetRows } from './fetch-sheet';

/** The fixed column order when the sheet has no header row (docs/design.md §4). */
export const SHEET_COLUMNS = [
  'vin',
  'year',
  'make',
  'model',
  'mileage',
  'price',
  'description',
  'condition',
  'images',
  'videos',
] as const;
type Column = (typeof SHEET_COLUMNS)[number];

export interface SheetVehicle {
  row: number;
  vin: string;
  year: number;
  make: string;
  model: string;
  mileage: number;
  price: string;
  description: string | null;
  condition: string | null;
  images: string[];
  videos: string[];
}

export interface SkippedRow {
  row: number;
  vin: string;
  reason: string;
}

const list = (cell: string) =>
  cell
    .split(/[,\s]+/)
    .map((u) => u.trim())
    .filter(Boolean);

/**
 * Validates each row like the full vehicle schema of docs/product.md §5; a bad row is reported with its row
 * number and reason and never stops the good ones. Blank rows are ignored; a VIN seen twice keeps
 * its first row.
 */
export function parseSheetRows(sheet: SheetRows, premiumLabel: string) {
  const index = (column: Column) =>
    sheet.header ? sheet.header.indexOf(column) : SHEET_COLUMNS.indexOf(column);
  const columns = Object.fromEntries(SHEET_COLUMNS.map((c) => [c, index(c)])) as Record<Column, number>;
  const vehicles: SheetVehicle[] = [];
  const skipped: SkippedRow[] = [];
  const seen = new Map<string, number>();
  const certifications = new Map([
    [premiumLabel.toLowerCase(), premiumLabel],
    [AUCTION_CERTIFIED.toLowerCase(), AUCTION_CERTIFIED],
  ]);

  for (const [i, cells] of sheet.rows.entries()) {
    if (cells.every((c) => c.trim() === '')) continue;
    const row = sheet.firstRowNumber + i;
    const cell = (column: Column) => (columns[column] >= 0 ? (cells[columns[column]] ?? '').trim() : '');
    const vin = normalizeVin(cell('vin'));
    const result = readRow(cell, vin, certifications);
    const firstRow = seen.get(vin);
    if (typeof result === 'string') skipped.push({ row, vin, reason: result });
    else if (firstRow !== undefined)
      skipped.push({ row, vin, reason: `Duplicate VIN (first seen in row ${firstRow})` });
    else {
      seen.set(vin, row);
      vehicles.push({ row, ...result });
    }
  }
  return { vehicles, skipped };
}

/** One row as a vehicle, or the reason it is refused. */
function readRow(
  cell: (column: Column) => string,
  vin: string,
  certifications: Map<string, string>,
): Omit<SheetVehicle, 'row'> | string {
  if (!isWellFormedVin(vin)) return 'VIN must be 17 characters without I, O or Q';
  if (!hasValidVinCheckDigit(vin)) return 'VIN check digit (9th character) does not match';
  const year = Number(cell('year'));
  if (!/^\d{4}$/.test(cell('year')) || year < MIN_VEHICLE_YEAR || year > maxVehicleYear())
    return ADMIN_TEXT.invalidYear;
  const make = cell('make');
  const model = cell('model');
  if (!make) return 'Make is required';
  if (!model) return 'Model is required';
  const mileageText = cell('mileage').replaceAll(',', '');
  if (!/^\d{1,7}$/.test(mileageText)) return ADMIN_TEXT.invalidMileage;
  const cents = toCents(cell('price'));
  if (cents === null) return cell('price') ? 'Price must be a positive amount' : ADMIN_TEXT.priceRequired;
  const conditionText = cell('condition');
  const condition = conditionText ? certifications.get(conditionText.toLowerCase()) : null;
  if (condition === undefined) return ADMIN_TEXT.certificationRequired;
  const images = list(cell('images'));
  const videos = list(cell('videos'));
  if ([...images, ...videos].some((u) => !/^https:\/\/[^\s]+$/.test(u)))
    return 'Images and videos must be https URLs';
  return {
    vin,
    year,
    make,
    model,
    mileage: Number(mileageText),
    price: centsToDecimal(cents),
    description: cell('description') || null,
    condition,
    images,
    videos,
  };
}
