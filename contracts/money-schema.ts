import { centsToDecimal, MONEY_TEXT, toCents } from './money';
import { z } from './zod';

// Apart from money.ts so that pages which only format money (the inventory) do not load zod.

/** The rules of every amount field and body: not blank, then toCents; normalised to "1234.50". */
const moneyOf = <T extends z.ZodType<string | number>>(input: T) =>
  input
    .refine((v) => String(v).trim() !== '', MONEY_TEXT.amountRequired)
    .transform((v, ctx) => {
      const cents = toCents(v);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: MONEY_TEXT.amountPositive });
        return z.NEVER;
      }
      return centsToDecimal(cents);
    });

/** An amount that may arrive as a string or a number (JSON bodies). */
export const moneySchema = moneyOf(z.union([z.string(), z.number()], { error: MONEY_TEXT.amountRequired }));
/** The same rules for an amount typed into a form (text). */
export const moneyTextSchema = moneyOf(z.string());
