// Rewrites citations of documents that live outside the repository (the design notes, the product
// specification, the conventions, stack and wire-format notes) into the project's own pages:
// docs/design.md §N, docs/product.md §N, docs/conventions.md, docs/stack.md, docs/wire-formats.md;
// and citations of README sections that moved into docs/. Idempotent: a second run changes nothing.
// server/src/doc-citations.test.ts fails on what this leaves behind (docs/conventions.md#documents).
// Usage: node scripts/cite-project-docs.mjs [--check]   (--check: list what would change, exit 1 if any)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const SELF = new Set(['scripts/cite-project-docs.mjs', 'server/src/doc-citations.test.ts']);
const TEXT = /\.(ts|tsx|mjs|js|md|sql|json)$|^\.env\.example$|^\.ci\/run$/;

// Each rule: [pattern, replacement]. Order matters: the sectioned forms before the bare names.
// `(?<![\w/.-])` keeps an already rewritten `docs/design.md` (lower case anyway) and paths such as
// `foo/DESIGN.md` from matching twice.
const N = '§\\s?(\\d+(?:\\.\\d+)*)';
const rules = [
  // Paths into the old shared folder.
  [/(?:\.\.\/)+shared\/spec(?:\/(?:[\w.-]+\.txt)?)?(?![\w.-])/g, 'docs/product.md'],
  [/(?:\.\.\/)+shared\/DESIGN\.md/g, 'docs/design.md'],
  [/(?:\.\.\/)+shared\/CONVENTIONS\.md/g, 'docs/conventions.md'],
  [/(?:\.\.\/)+shared\/STACK\.md/g, 'docs/stack.md'],
  [/(?:\.\.\/)+shared\/WIRE-FORMATS\.md/g, 'docs/wire-formats.md'],
  // The design notes.
  [new RegExp(`(?<![\\w/.-])the design notes \\(${N}\\)`, 'g'), 'docs/design.md §$1'],
  [new RegExp(`(?<![\\w/.-])DESIGN(?:\\.md)?,? ${N}`, 'g'), 'docs/design.md §$1'],
  [/(?<![\w/.-])DESIGN\.md/g, 'docs/design.md'],
  // The product specification.
  [new RegExp(`(?<![\\w/.-])[Tt]he spec's ${N}`, 'g'), 'docs/product.md §$1'],
  [new RegExp(`(?<![\\w/.-])(?:[Tt]he )?[Ss]pec(?:ification)?,? ${N}`, 'g'), 'docs/product.md §$1'],
  // "the spec's messages (§5)", "the spec keeps in the browser (§3)": the section number alone,
  // after a mention of the spec on the same line.
  [/(\b[Ss]pec(?:'s)? [^()\n]{0,60}?)\(§\s?(\d+)\)/g, '$1(docs/product.md §$2)'],
  // The other notes.
  [/(?<![\w/.-])CONVENTIONS\.md/g, 'docs/conventions.md'],
  [/(?<![\w/.-])STACK\.md/g, 'docs/stack.md'],
  [/(?<![\w/.-])WIRE-FORMATS\.md/g, 'docs/wire-formats.md'],
  // README sections that moved into docs/.
  [/README,? "Operating it"/g, 'docs/operations.md'],
  [/README "Demo sales history"/g, 'docs/features/market-guide.md, "Demo sales history"'],
  [/README "Accounts"/g, 'docs/features/accounts.md'],
  [
    /README "Several instances behind(\s+(?:\*\s+)?)nginx"/g,
    'docs/postgresql.md, "Several instances behind$1nginx"',
  ],
  [/\(see README\)/g, '(see docs/operations.md)'],
];

// Rewrites one text; exported for the test of this script's rules.
export function rewrite(text) {
  let out = text;
  for (const [pattern, replacement] of rules) out = out.replace(pattern, replacement);
  return out;
}

function trackedFiles() {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((path) => path && TEXT.test(path) && !SELF.has(path))
    .filter((path) => !/(^|\/)(node_modules|dist)\//.test(path) && !path.endsWith('package-lock.json'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  let changed = 0;
  for (const path of trackedFiles()) {
    let before;
    try {
      before = readFileSync(`${root}${path}`, 'utf8');
    } catch {
      continue; // deleted in the work tree
    }
    const after = rewrite(before);
    if (after === before) continue;
    changed += 1;
    console.log(`${check ? 'would rewrite' : 'rewrote'} ${path}`);
    if (!check) writeFileSync(`${root}${path}`, after);
  }
  console.log(`${changed} file(s) ${check ? 'to rewrite' : 'rewritten'}`);
  if (check && changed > 0) process.exit(1);
}
