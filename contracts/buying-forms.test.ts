import { describe, expect, it } from 'vitest';
import { buyNowFormSchema, counterOfferFormSchema, offerFormSchema } from './buying';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('form schemas derived from the buying contract (docs/product.md §5 messages)', () => {
  it('Make Offer: amount required, positive; buy code of 4 characters', () => {
    expect(messages(offerFormSchema.safeParse({ amount: '', buyCode: '' }))).toEqual({
      amount: 'Amount is required',
      buyCode: 'Buy code must be 4 characters',
    });
    expect(messages(offerFormSchema.safeParse({ amount: '-100', buyCode: 'ab12' }))).toEqual({
      amount: 'Must be a valid positive number',
    });
    expect(offerFormSchema.parse({ amount: ' 15000 ', buyCode: ' ab12 ' })).toEqual({
      amount: '15000.00',
      buyCode: 'AB12',
    });
  });

  it('Buy Now: a blank code is refused (the form says nothing), anything else goes to the server', () => {
    expect(buyNowFormSchema.safeParse({ code: '   ' }).success).toBe(false);
    expect(buyNowFormSchema.parse({ code: ' zz ' })).toEqual({ code: 'ZZ' });
  });

  it('Counter offer: the amount rules, an optional trimmed message', () => {
    expect(messages(counterOfferFormSchema.safeParse({ counterAmount: '0', counterMessage: '' }))).toEqual({
      counterAmount: 'Must be a valid positive number',
    });
    expect(counterOfferFormSchema.parse({ counterAmount: '21000', counterMessage: '  ' })).toEqual({
      counterAmount: '21000.00',
      counterMessage: null,
    });
  });
});
