import { createBuyCodeBodySchema, updateBuyCodeBodySchema } from '@contracts/buy-codes';
import { DEALER_ID_MESSAGE, idSchema } from '@contracts/ids';
import { z } from '@/lib/zod';

/** An ISO instant as the value of a datetime-local input (local time, minutes). */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
/** A datetime-local value (local time) as an ISO instant; blank is null. */
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);
/** A max-uses input: blank is unlimited (null). */
const parseMaxUses = (value: string) => (value.trim() === '' ? null : Number(value));

/*
 * The buy-code forms hold what the inputs hold (text); the contract's schemas decide what is
 * valid, with their messages ('Max uses must be at least 1', …).
 */
type Limits = typeof createBuyCodeBodySchema.shape | typeof updateBuyCodeBodySchema.shape;
const limitsText = ({ maxUses, expiresAt }: Pick<Limits, 'maxUses' | 'expiresAt'>) => ({
  maxUses: z.string().transform(parseMaxUses).pipe(maxUses.unwrap()),
  expiresAt: z.string().transform(fromLocalInput).pipe(expiresAt.unwrap()),
});

/** Generate a buy code: a dealer chosen from the list (the select's value is the contract's id text), optional limits. */
export const generateBuyCodeFormSchema = z.object({
  dealerId: z.string().min(1, 'Choose a dealer').pipe(idSchema(DEALER_ID_MESSAGE)),
  /** In a dealership with a team, whose code it is (docs/design.md §11); blank: its owner. */
  dealerUserId: z
    .string()
    .optional()
    .transform((v) => (v ? Number(v) : undefined)),
  ...limitsText(createBuyCodeBodySchema.shape),
});
export type GenerateBuyCodeForm = z.input<typeof generateBuyCodeFormSchema>;
export type GenerateBuyCodeBody = z.output<typeof generateBuyCodeFormSchema>;

/** A code's limits (blank = unlimited / never). */
export const buyCodeLimitsFormSchema = z.object(limitsText(updateBuyCodeBodySchema.shape));
export type BuyCodeLimitsForm = z.input<typeof buyCodeLimitsFormSchema>;
export type BuyCodeLimitsBody = z.output<typeof buyCodeLimitsFormSchema>;
