import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The WCAG rules and axe's best practices (landmarks, headings, regions). */
export const WCAG_AND_BEST_PRACTICE = [...WCAG_TAGS, 'best-practice'];

export interface AxeCheck {
  /** Only this part of the page (a CSS selector), e.g. a dialog or a tab panel. */
  include?: string;
  /** The rules to run, by tag; all of axe's rules when not given. */
  tags?: string[];
  /** Which violations count: serious and critical ones (the default), or every one. */
  impacts?: 'serious' | 'all';
}

/**
 * Runs axe-core on the page as it is and returns the violations that count, one line each (rule,
 * impact, the first elements), so `expect(...).toEqual([])` reads what is wrong. Axe reports only
 * violations (building the passes' node lists took most of its time on a long page), and runs in
 * the page itself (legacy mode: no extra page is opened to combine frames; the app has no iframes).
 */
export async function axeViolations(page: Page, check: AxeCheck = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (check.include) builder = builder.include(check.include);
  if (check.tags) builder = builder.withTags(check.tags);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => check.impacts === 'all' || v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}
