import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The project explains itself (docs/design.md §20): every document a tracked file cites is in the
 * repository. This scan fails on (a) citations of the notes that used to live outside it — the
 * design notes, the product specification, the conventions, stack and wire-format notes, or a path
 * into the folder that held them — and (b) a cited `docs/….md` path, a markdown link in a document
 * or a `§N` of docs/design.md or docs/product.md that does not exist. Older citation forms are
 * rewritten by `node scripts/cite-project-docs.mjs` (docs/conventions.md). Pure file reads, no
 * database.
 */
const ROOT = resolve(import.meta.dirname, '../..');
/** These two name the old forms on purpose: this scan and the script that rewrites them. */
const SELF = new Set(['server/src/doc-citations.test.ts', 'scripts/cite-project-docs.mjs']);
const TEXT = /\.(ts|tsx|mjs|md|sql|json)$|^\.env\.example$|^\.ci\/run$/;

/** (a) The old documents. Upper-case names, so the lower-case docs/ pages never match. */
const FORBIDDEN: readonly [RegExp, string][] = [
  [/(?<!docs\/)\bDESIGN\.md/g, 'the design notes: cite docs/design.md'],
  [/\bDESIGN,? §/g, 'the design notes: cite docs/design.md §N'],
  [/(?<!docs\/)\bCONVENTIONS\.md/g, 'cite docs/conventions.md'],
  [/(?<!docs\/)\bSTACK\.md/g, 'cite docs/stack.md'],
  [/(?<!docs\/)\bWIRE-FORMATS\.md/g, 'cite docs/wire-formats.md'],
  [/\bspec(?:ification)?(?:'s)?,? §/gi, 'the specification: cite docs/product.md §N'],
  [
    /\.\.\/shared\/(?:spec\b|DESIGN|CONVENTIONS|STACK|WIRE-FORMATS|data\/|hooks\/)/g,
    'a path outside the repository',
  ],
  [/\/work\/shared\b/g, 'a path outside the repository'],
];

/** (b) Repository paths under docs/, cited anywhere (relative links are checked below). */
const DOCS_PATH = /(?<![\w/.-])docs\/[\w./-]*?\.md(?![\w-])/g;
/** A section of the numbered pages: `docs/design.md §13`, `docs/product.md §2.3`. */
const SECTION = /(?<![\w/.-])docs\/(design|product)\.md,? §\s?(\d+)/g;
/** Markdown links in .md files: `[text](target)`. */
const LINK = /\]\(([^)\s]+)\)/g;

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((path) => path && TEXT.test(path) && !SELF.has(path))
    .filter((path) => !/(^|\/)(node_modules|dist)\//.test(path) && !path.endsWith('package-lock.json'))
    .filter((path) => existsSync(join(ROOT, path)));
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line += 1;
  return line;
}

function sectionsOf(page: string): Set<number> {
  const path = join(ROOT, 'docs', `${page}.md`);
  if (!existsSync(path)) return new Set();
  return new Set([...readFileSync(path, 'utf8').matchAll(/^## §(\d+)\b/gm)].map((m) => Number(m[1])));
}

describe('document citations', () => {
  const files = trackedTextFiles();
  const texts = new Map(files.map((path) => [path, readFileSync(join(ROOT, path), 'utf8')]));

  it('scans the tracked files', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('README.md');
  });

  it('cites no document outside the repository', () => {
    const offending: string[] = [];
    for (const [path, text] of texts) {
      for (const [pattern, advice] of FORBIDDEN) {
        for (const match of text.matchAll(pattern)) {
          offending.push(`${path}:${lineOf(text, match.index)}: "${match[0]}" (${advice})`);
        }
      }
    }
    expect(
      offending,
      `Run node scripts/cite-project-docs.mjs, then fix what is left:\n${offending.join('\n')}`,
    ).toEqual([]);
  });

  it('cites only docs/ pages, links and sections that exist', () => {
    const sections = { design: sectionsOf('design'), product: sectionsOf('product') };
    expect(sections.design.size).toBe(22);
    expect(sections.product.size).toBeGreaterThanOrEqual(9);
    const missing: string[] = [];
    for (const [path, text] of texts) {
      for (const match of text.matchAll(DOCS_PATH)) {
        if (!existsSync(join(ROOT, match[0])))
          missing.push(`${path}:${lineOf(text, match.index)}: ${match[0]}`);
      }
      for (const match of text.matchAll(SECTION)) {
        const page = match[1] as 'design' | 'product';
        if (!sections[page].has(Number(match[2]))) {
          missing.push(`${path}:${lineOf(text, match.index)}: ${match[0]} (no such section)`);
        }
      }
      if (!path.endsWith('.md')) continue;
      for (const match of text.matchAll(LINK)) {
        const target = (match[1] ?? '').split('#')[0];
        if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // an anchor, http:, mailto: …
        if (!existsSync(join(ROOT, dirname(path), decodeURIComponent(target)))) {
          missing.push(`${path}:${lineOf(text, match.index)}: link to ${match[1]}`);
        }
      }
    }
    expect(missing, `Cited but missing:\n${missing.join('\n')}`).toEqual([]);
  });
});
