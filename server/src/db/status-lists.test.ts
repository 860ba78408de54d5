import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * A status or kind list is declared once, as an `as const` array in contracts/, and the schema
 * imports it: for `text({ enum })` and, through `sqlList`, for its CHECK constraints and partial
 * indexes. A list spelt out in schema.ts drifts from the one the code validates and writes (the buy
 * orders' once did), so this reads the schema as text and names every literal list in it.
 */
const LITERAL_LISTS: { what: string; pattern: RegExp }[] = [
  { what: 'a column enum written as an array', pattern: /\benum:\s*\[/g },
  { what: 'a pgEnum with literal values', pattern: /\bpgEnum\s*\(\s*['"`][^'"`]*['"`]\s*,\s*\[/g },
  { what: 'an SQL list of literals (in (…))', pattern: /\bin\s*\(\s*'/gi },
  { what: 'an SQL array of literals (any(array[…]))', pattern: /\bany\s*\(\s*array\s*\[\s*'/gi },
  { what: 'an inArray over literals', pattern: /\binArray\s*\([^,()]+,\s*\[\s*['"`]/g },
];

/** Where a schema's text spells out a list of values, as `line N: what`. */
function literalLists(text: string): string[] {
  const found: string[] = [];
  for (const { what, pattern } of LITERAL_LISTS) {
    for (const match of text.matchAll(pattern)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`line ${line}: ${what}`);
    }
  }
  return found.sort((a, b) => Number.parseInt(a.slice(5), 10) - Number.parseInt(b.slice(5), 10));
}

const schemaPath = `${import.meta.dirname}/schema.ts`;

describe('status lists', () => {
  it('the schema spells out no list of values: each comes from contracts/', () => {
    expect(literalLists(readFileSync(schemaPath, 'utf8'))).toEqual([]);
  });

  it('names the lists the schema used to spell out', () => {
    const old = [
      "    status: text({ enum: ['open', 'paused', 'filled', 'cancelled'] })",
      '    status: text({',
      '      enum: [',
      "        'awaiting_release',",
      "    check('buy_orders_status_check', sql`status in ('open', 'paused', 'filled', 'cancelled')`),",
      "      .where(sql`status in ('pending', 'countered')`),",
      "      sql`proof IN ( 'password', 'passkey')`,",
      "export const kind = pgEnum('kind', ['a', 'b']);",
      "  sql`status = any(array['a', 'b'])`,",
    ].join('\n');
    expect(literalLists(old)).toEqual([
      'line 1: a column enum written as an array',
      'line 3: a column enum written as an array',
      'line 5: an SQL list of literals (in (…))',
      'line 6: an SQL list of literals (in (…))',
      'line 7: an SQL list of literals (in (…))',
      'line 8: a pgEnum with literal values',
      'line 9: an SQL array of literals (any(array[…]))',
    ]);
  });
});
