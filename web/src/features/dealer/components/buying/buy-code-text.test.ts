import { maskBuyCode } from '@contracts/buying';
import { describe, expect, it } from 'vitest';
import { codeOwnerText, lastUsedText, spokenCode } from './buy-code-text';

describe('buy codes as read and heard', () => {
  it('says a masked code by its last character, and a held one as it is', () => {
    expect(maskBuyCode('AB3K')).toBe('•••K');
    expect(spokenCode({ code: maskBuyCode('AB3K'), masked: true })).toBe('code ending in K');
    expect(spokenCode({ code: 'AB3K', masked: false })).toBe('code AB3K');
  });

  it('names whose code it is', () => {
    const rita = { code: maskBuyCode('AB3K'), masked: true, mine: false, holderName: 'Rita Buyer' };
    expect(codeOwnerText(rita)).toBe('Rita Buyer’s code ending in K');
    expect(codeOwnerText({ code: 'TOM1', masked: false, mine: true, holderName: 'Tom Alvarez' })).toBe(
      'your code TOM1',
    );
    expect(codeOwnerText({ code: 'XY9Z', masked: false, mine: false, holderName: null })).toBe('code XY9Z');
  });

  it('says when a code was last used, with the app’s date format, or that it never was', () => {
    expect(lastUsedText('2026-11-28T15:00:00Z')).toBe('Last used Nov 28, 2026');
    expect(lastUsedText(null)).toBe('Never used');
  });
});
