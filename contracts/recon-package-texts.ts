/** Reconditioning packages' texts (docs/design.md §14), without zod: the buying dialogs import them. */
export const RECON_PACKAGE_TEXT = {
  choose: 'Reconditioning',
  chooseHint: 'Choose the standard the car is delivered to; its price is added to the sale.',
  noneOffered: 'This reconditioning package is not offered any more: choose another',
  notFound: 'Reconditioning package not found',
  nameRequired: 'Name the package',
  nameTaken: 'Another package already has this name',
  nameTooLong: 'A package name has at most 60 characters',
  description: 'A description has at most 500 characters',
  checklistItem: 'Each checklist item has 1 to 120 characters',
  checklistTooLong: 'A checklist has at most 30 items',
  price: 'Enter a price from $0 to $99,999.99',
  promisedDays: 'Promise 0 to 60 business days',
  created: 'Package added',
  updated: 'Package saved',
  retired: 'Package retired: no longer offered',
  restored: 'Package offered again',
  total: (vehicle: string, recon: string, total: string) => `${vehicle} + ${recon} reconditioning = ${total}`,
} as const;

/** "Front-line ready · $1,295 · 5 business days". */
export const packageSummary = (
  p: { name: string; price: string; promisedDays: number },
  money: (v: string) => string,
) =>
  `${p.name} · ${Number(p.price) === 0 ? 'no charge' : money(p.price)}${
    p.promisedDays > 0 ? ` · ${p.promisedDays} business ${p.promisedDays === 1 ? 'day' : 'days'}` : ''
  }`;
