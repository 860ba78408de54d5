import { describe, expect, it } from 'vitest';
import { guidePreviewValues } from './complete-listing-form';

/** What the queue's market guide asks with: the fields as typed, not the car as stored. */
describe('guidePreviewValues', () => {
  const typed = { year: '2021', make: 'Mazda', model: 'CX-5', mileage: '40,000' };

  it('sends the year, make, model and miles as typed (miles without their commas)', () => {
    expect(guidePreviewValues(typed)).toEqual({
      year: '2021',
      make: 'Mazda',
      model: 'CX-5',
      mileage: '40000',
    });
  });

  it('leaves out blank fields, which the server reads as blank', () => {
    expect(guidePreviewValues({ ...typed, model: '  ' })).toEqual({
      year: '2021',
      make: 'Mazda',
      mileage: '40000',
    });
  });

  it('leaves out a field the contract would refuse (half typed), keeping the others', () => {
    expect(guidePreviewValues({ ...typed, year: '20', mileage: 'lots' })).toEqual({
      make: 'Mazda',
      model: 'CX-5',
    });
  });
});
