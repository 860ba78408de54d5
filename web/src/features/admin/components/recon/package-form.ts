import { createReconPackageBodySchema, type ReconPackage } from '@contracts/recon-packages';
import { z } from '@/lib/zod';

const rules = createReconPackageBodySchema.shape;
const checklistRule = rules.checklist.unwrap();

/** The checklist textarea: one item per line, blank lines skipped. */
export const checklistLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The package dialog holds what its inputs hold (text); the contract's rules decide what is valid,
 * with their messages. A checklist error names its line, and stays on the one field.
 */
export const packageFormSchema = z.object({
  name: rules.name,
  description: rules.description,
  price: rules.price,
  promisedDays: z
    .string()
    .transform((text) => (text.trim() === '' ? Number.NaN : Number(text)))
    .pipe(rules.promisedDays.unwrap()),
  checklist: z.string().transform((text, ctx) => {
    const parsed = checklistRule.safeParse(checklistLines(text));
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    const line = typeof issue.path[0] === 'number' ? `Line ${issue.path[0] + 1}: ` : '';
    ctx.addIssue({ code: 'custom', message: `${line}${issue.message}` });
    return z.NEVER;
  }),
});
export type PackageForm = z.input<typeof packageFormSchema>;
export type PackageBody = z.output<typeof packageFormSchema>;

export const EMPTY_PACKAGE: PackageForm = {
  name: '',
  description: '',
  price: '',
  promisedDays: '',
  checklist: '',
};

/** A package as the dialog's inputs show it. */
export const packageFormValues = (p: ReconPackage): PackageForm => ({
  name: p.name,
  description: p.description,
  // "1295.00" reads as typed: 1295 (cents kept when there are some).
  price: p.price.endsWith('.00') ? p.price.slice(0, -3) : p.price,
  promisedDays: String(p.promisedDays),
  checklist: p.checklist.join('\n'),
});
