import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDay, formatDayIn } from './dates';
import { formatMi } from './mileage-format';
import { formatAmount, formatCents } from './money';

/**
 * One display of facts: money is worded in contracts/money.ts, dates in contracts/dates.ts,
 * mileage in contracts/mileage-format.ts, and nowhere else. This check reads every source file of
 * the web app, the server and the contracts (tests aside) and names each place that formats money,
 * a date or a mileage by hand, so a screen, a message or a document cannot drift from the others
 * ("$14,900.00" beside "$14,900", "2026-11-28" beside "Nov 28, 2026", "1737 mi" beside "1,737 mi").
 */

const ROOT = join(import.meta.dirname, '..');
const SCANNED = ['web/src', 'server/src', 'contracts'];

interface Rule {
  name: string;
  /** The one file where this is allowed. */
  home: string;
  pattern: RegExp;
}

const RULES: Rule[] = [
  { name: 'a currency formatter', home: 'contracts/money.ts', pattern: /style:\s*['"]currency['"]/g },
  // A number formatter with a currency (a lender's payload may name its currency: that is no format).
  { name: 'a currency formatter', home: 'contracts/money.ts', pattern: /Intl\.NumberFormat\([^)]*currency/g },
  {
    name: 'a hand-written dollar amount',
    home: 'contracts/money.ts',
    pattern: /\$\$\{[^}]*(?:toFixed|toLocaleString)\(|['"]\$['"]\s*\+/g,
  },
  { name: 'a local money helper', home: 'contracts/money.ts', pattern: /\b(?:const|let|function)\s+usd\b/g },
  // toLocaleString builds an Intl formatter, whose first use loads the browser's locale data: a
  // long task on a slow phone at first paint (number-format.ts words numbers without it).
  {
    name: 'a locale number format',
    home: 'contracts/number-format.ts',
    pattern: /\.toLocale(?:Date|Time)?String\(/g,
  },
  {
    name: 'a date formatter',
    home: 'contracts/dates.ts',
    // A display format (a style, a month or weekday name, a clock); a zone check or the YYYY-MM-DD
    // of a day in a zone (business-days.ts) is not one.
    pattern:
      /new Intl\.DateTimeFormat\([^)]*(?:dateStyle|timeStyle|weekday|month:\s*['"](?:short|long)['"]|hour)/g,
  },
  {
    name: 'a date formatter',
    home: 'contracts/dates.ts',
    pattern: /\.toLocale(?:Date|Time)String\(|\.toLocaleString\([^)]*(?:dateStyle|timeStyle|month|timeZone)/g,
  },
  {
    name: 'a hand-written mileage',
    home: 'contracts/mileage-format.ts',
    pattern: /\$\{[^}]*\}\s?mi\b|toLocaleString\([^)]*\)\}?\s?mi\b/g,
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec|e2e)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every place a rule is broken in `text` (the file at `path`), as "path:line: what". */
function offences(path: string, text: string): string[] {
  return RULES.flatMap((rule) =>
    path === rule.home
      ? []
      : [...text.matchAll(rule.pattern)].map(
          (m) => `${path}:${text.slice(0, m.index).split('\n').length}: ${rule.name} outside ${rule.home}`,
        ),
  );
}

describe('one display of facts', () => {
  it('formats money, dates and mileage only in their one module each', () => {
    const files = SCANNED.flatMap((dir) => sourceFiles(dir));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      offences(relative(ROOT, join(ROOT, file)), readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('names what it finds: the formatters the shared modules replaced', () => {
    const samples = [
      "const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);",
      'const text = `$${Number(amount).toFixed(2)}`;',
      "const text = '$' + amount.toFixed(2);",
      "const text = `$${Number(amount).toLocaleString('en-US')}`;",
      "const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });",
      "const day = new Date(iso).toLocaleDateString('en-US', { month: 'short' });",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text to check, not a template
      'const miles = `${num(d.miles)} mi`;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text to check, not a template
      "const miles = `${n.toLocaleString('en-US')} mi`;",
    ];
    for (const sample of samples) expect(offences('web/src/x.ts', sample), sample).not.toEqual([]);
    // What stays allowed: the YYYY-MM-DD of a day in a zone, a zone check, the shared modules.
    expect(
      offences(
        'contracts/x.ts',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text to check, not a template
        "new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }); new Intl.DateTimeFormat('en-US', { timeZone: zone }); `${formatMi(n)}`",
      ),
    ).toEqual([]);
  });

  it('reads the same facts the same way', () => {
    expect(formatAmount('14900.00')).toBe('$14,900');
    expect(formatAmount('14900.50')).toBe('$14,900.50');
    expect(formatAmount('-900.00')).toBe('-$900');
    expect(formatAmount('not an amount')).toBe('not an amount');
    expect(formatCents(1_490_000)).toBe('$14,900');
    expect(formatMi(1737)).toBe('1,737 mi');
    expect(formatDay('2026-11-28')).toBe('Nov 28, 2026');
    expect(formatDay('soon')).toBe('soon');
    // 03:00 UTC on the 29th is still the 28th in New York (the market's zone).
    expect(formatDayIn('2026-11-29T03:00:00Z', 'America/New_York')).toBe('Nov 28, 2026');
  });
});
