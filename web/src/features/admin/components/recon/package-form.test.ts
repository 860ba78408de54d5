import { RECON_PACKAGE_TEXT } from '@contracts/recon-package-texts';
import { describe, expect, it } from 'vitest';
import { packageFormSchema, packageFormValues } from './package-form';

const valid = {
  name: ' Detail plus ',
  description: 'Inside and out',
  price: '$1,295',
  promisedDays: '5',
  checklist: 'Wash and wax\n\n  Interior shampoo  \r\nHeadlight restore\n',
};

describe('the package form', () => {
  it('reads the inputs into the contract’s body: one checklist item per line', () => {
    expect(packageFormSchema.parse(valid)).toEqual({
      name: 'Detail plus',
      description: 'Inside and out',
      price: '1295.00',
      promisedDays: 5,
      checklist: ['Wash and wax', 'Interior shampoo', 'Headlight restore'],
    });
  });

  it('refuses with the contract’s messages, a checklist item by its line', () => {
    const result = packageFormSchema.safeParse({
      name: '',
      description: '',
      price: '-5',
      promisedDays: '2.5',
      checklist: `Fine\n${'x'.repeat(121)}`,
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      name: RECON_PACKAGE_TEXT.nameRequired,
      price: RECON_PACKAGE_TEXT.price,
      promisedDays: RECON_PACKAGE_TEXT.promisedDays,
      checklist: `Line 2: ${RECON_PACKAGE_TEXT.checklistItem}`,
    });
  });

  it('says how many days to promise when the field is blank or not a number', () => {
    for (const promisedDays of ['', 'five', '61']) {
      const result = packageFormSchema.safeParse({ ...valid, promisedDays });
      expect(result.error?.issues.map((i) => i.message)).toEqual([RECON_PACKAGE_TEXT.promisedDays]);
    }
  });

  it('refuses a 31st checklist item', () => {
    const checklist = Array.from({ length: 31 }, (_, i) => `Item ${i + 1}`).join('\n');
    const result = packageFormSchema.safeParse({ ...valid, checklist });
    expect(result.error?.issues.map((i) => i.message)).toEqual([RECON_PACKAGE_TEXT.checklistTooLong]);
  });

  it('shows a saved package as it was typed, and reads it back the same', () => {
    const saved = {
      id: 3,
      name: 'Mechanical',
      description: 'Safety and service',
      checklist: ['Oil change', 'Brakes'],
      price: '695.00',
      promisedDays: 3,
      retired: false,
    };
    const values = packageFormValues(saved);
    expect(values).toEqual({
      name: 'Mechanical',
      description: 'Safety and service',
      price: '695',
      promisedDays: '3',
      checklist: 'Oil change\nBrakes',
    });
    const { id: _id, retired: _retired, ...body } = saved;
    expect(packageFormSchema.parse(values)).toEqual(body);
  });
});
