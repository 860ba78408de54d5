import { BUYING_TEXT } from '@contracts/buying';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-client';
import { buyForLabel, purchaseRefusal } from './purchased-vehicle';

describe('Buy Now', () => {
  it('says what the button does, with the price', () => {
    expect(buyForLabel('18750.00')).toBe('Buy for $18,750');
    expect(buyForLabel(null)).toBe('Buy Now');
  });

  it("shows the server's refusal as it is, and the spec's message when no answer came", () => {
    const expired = 'This buy code has expired. Ask your dealership for a new one.';
    expect(purchaseRefusal(new ApiError(409, expired))).toBe(expired);
    expect(purchaseRefusal(new ApiError(400, BUYING_TEXT.buyFailure))).toBe(BUYING_TEXT.buyFailure);
    expect(purchaseRefusal(new ApiError(500, 'Internal Server Error'))).toBe(BUYING_TEXT.buyFailure);
    expect(purchaseRefusal(new TypeError('Failed to fetch'))).toBe(BUYING_TEXT.buyFailure);
  });
});
