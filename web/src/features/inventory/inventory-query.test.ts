import type { PublicVehicle } from '@contracts/vehicle';
import { describe, expect, it } from 'vitest';
import { filterVehicles, indexVehicles, minGradeOf, sortVehicles } from './inventory-query';

const PREMIUM = 'Deal Machine Certified';
let nextId = 1;
const vehicle = (fields: Partial<PublicVehicle>): PublicVehicle => ({
  id: nextId++,
  vin: `VIN${nextId}`,
  make: 'Toyota',
  model: 'Camry',
  trim: null,
  year: 2020,
  mileage: 10000,
  price: '10000.00',
  description: null,
  condition: PREMIUM,
  images: [],
  videos: [],
  videoThumbnails: [],
  status: 'active',
  reconExterior: null,
  reconMechanical: null,
  reconInterior: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  photos: [],
  grade: null,
  ...fields,
});

const camry = vehicle({ vin: '4T1BF1FK5CU123456', year: 2021, price: '21450.00', mileage: 38214 });
const f150 = vehicle({
  make: 'Ford',
  model: 'F-150',
  vin: '1FTEW1EP7KFA00001',
  year: 2019,
  price: null,
  mileage: 68450,
  condition: 'Auction Certified',
});
const civic = vehicle({
  make: 'Honda',
  model: 'Civic',
  vin: '2HGFC2F59LH000002',
  year: 2022,
  price: '18900.00',
  mileage: null,
});
const sold = vehicle({ make: 'Tesla', model: 'Model 3', status: 'sold' });
/** The condition grade rides on the vehicle (issue #17); null = no report yet. */
const graded = (v: PublicVehicle, grade: number | null) => {
  v.grade = grade;
};
graded(camry, 4.3);
graded(f150, 2.9);
graded(civic, null);
const items = indexVehicles([camry, f150, civic, sold]);
const ids = (list: { vehicle: PublicVehicle }[]) => list.map((item) => item.vehicle.id);

describe('inventory search, filter and sort', () => {
  it('never lists a sold vehicle', () => {
    expect(ids(items)).toEqual([camry.id, f150.id, civic.id]);
  });

  it('matches make, model, year or VIN, in any case', () => {
    expect(ids(filterVehicles(items, 'toyota', 'all', PREMIUM))).toEqual([camry.id]);
    expect(ids(filterVehicles(items, 'F-150', 'all', PREMIUM))).toEqual([f150.id]);
    expect(ids(filterVehicles(items, '2022', 'all', PREMIUM))).toEqual([civic.id]);
    expect(ids(filterVehicles(items, '4t1bf1', 'all', PREMIUM))).toEqual([camry.id]);
    expect(ids(filterVehicles(items, '  HONDA   civic ', 'all', PREMIUM))).toEqual([civic.id]);
    expect(ids(filterVehicles(items, 'tesla', 'all', PREMIUM))).toEqual([]);
  });

  it('filters by certification', () => {
    expect(ids(filterVehicles(items, '', 'auction', PREMIUM))).toEqual([f150.id]);
    expect(ids(filterVehicles(items, '', 'premium', PREMIUM))).toEqual([camry.id, civic.id]);
    expect(ids(filterVehicles(items, 'ford', 'premium', PREMIUM))).toEqual([]);
  });

  it('filters by grade ≥ N, leaving out vehicles with no grade', () => {
    expect(ids(filterVehicles(items, '', 'all', PREMIUM, null))).toEqual([camry.id, f150.id, civic.id]);
    expect(ids(filterVehicles(items, '', 'all', PREMIUM, 2))).toEqual([camry.id, f150.id]);
    expect(ids(filterVehicles(items, '', 'all', PREMIUM, 3))).toEqual([camry.id]);
    expect(ids(filterVehicles(items, '', 'all', PREMIUM, 4.3))).toEqual([camry.id]);
    expect(ids(filterVehicles(items, '', 'all', PREMIUM, 4.5))).toEqual([]);
    expect(ids(filterVehicles(items, 'ford', 'auction', PREMIUM, 2))).toEqual([f150.id]);
    expect(minGradeOf('any')).toBeNull();
    expect(minGradeOf('4.5')).toBe(4.5);
  });

  it('sorts by year, price and mileage with missing values last', () => {
    expect(ids(sortVehicles(items, 'newest'))).toEqual([civic.id, camry.id, f150.id]);
    expect(ids(sortVehicles(items, 'price-asc'))).toEqual([civic.id, camry.id, f150.id]);
    expect(ids(sortVehicles(items, 'price-desc'))).toEqual([camry.id, civic.id, f150.id]);
    expect(ids(sortVehicles(items, 'mileage-asc'))).toEqual([camry.id, f150.id, civic.id]);
  });
});
