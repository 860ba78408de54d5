import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions (a CSP violation shows up here too). */
  errors: string[];
}

export const baseUrl = () => inject('baseUrl');

/** A fresh browser context (no cookies, no storage) at the given viewport. */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl() });
  // Violations the page itself catches (an eval probe) never reach the console on their own.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // A signed-out read answered 401 is expected (spec §7 turns it into empty data); Chromium logs it.
    if (message.type() === 'error' && !/status of 401/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors };
}
