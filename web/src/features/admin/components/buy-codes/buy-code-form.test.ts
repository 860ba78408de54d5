import { describe, expect, it } from 'vitest';
import { buyCodeLimitsFormSchema, generateBuyCodeFormSchema } from './buy-code-form';

describe('buy-code forms (the contract decides, the inputs hold text)', () => {
  it('asks for a dealer and checks max uses', () => {
    const result = generateBuyCodeFormSchema.safeParse({ dealerId: '', maxUses: '0', expiresAt: '' });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['dealerId', 'Choose a dealer'],
      ['maxUses', 'Max uses must be at least 1'],
    ]);
    expect(generateBuyCodeFormSchema.parse({ dealerId: '7', maxUses: '3', expiresAt: '' })).toEqual({
      dealerId: 7,
      maxUses: 3,
      expiresAt: null,
    });
  });

  it('reads blank limits as unlimited and never', () => {
    expect(buyCodeLimitsFormSchema.parse({ maxUses: '', expiresAt: '' })).toEqual({
      maxUses: null,
      expiresAt: null,
    });
    expect(
      buyCodeLimitsFormSchema.safeParse({ maxUses: '1.5', expiresAt: '' }).error?.issues[0]?.message,
    ).toBe('Max uses must be a whole number');
  });
});
