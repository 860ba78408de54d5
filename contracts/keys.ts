/**
 * The keys of a label table as a non-empty tuple, for `z.enum` and for lists: the table (key →
 * label) is written once and its keys are read from it.
 */
export const keysOf = <K extends string>(table: Readonly<Record<K, unknown>>) =>
  Object.keys(table) as [K, ...K[]];
