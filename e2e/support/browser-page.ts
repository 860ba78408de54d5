import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { inject } from 'vitest';

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions (a CSP violation shows up here too). */
  errors: string[];
}

/**
 * A request a journey makes fail on purpose, and whose answer the user is shown (a refused code, a
 * conflict, a dropped connection): Chromium logs it as a console error. Allowed only for this path
 * and this HTTP status (or network error, e.g. 'ERR_CONNECTION_RESET'), nothing else.
 */
export interface ExpectedFailure {
  path: string | RegExp;
  status: number | `ERR_${string}`;
}

export interface PageOptions {
  /**
   * A context the file keeps (journeyContext) rather than a new one: its HTTP cache, and the
   * compiled scripts Chromium keeps with it, serve every page after the first. For files that
   * only read pages; the caller clears its cookies between tests.
   */
  context?: BrowserContext;
  /** A journey's own server instead of the suite's (journeys that change data start one). */
  baseURL?: string;
  expectedFailures?: ExpectedFailure[];
}

export const baseUrl = () => inject('baseUrl');

function isExpectedFailure(text: string, url: string, expected: ExpectedFailure[]) {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return false;
  }
  return expected.some(
    (failure) =>
      (typeof failure.path === 'string' ? path === failure.path : failure.path.test(path)) &&
      text.includes(
        typeof failure.status === 'number' ? `status of ${failure.status}` : `net::${failure.status}`,
      ),
  );
}

/** A browser context on the suite's server (or `baseURL`) that reports CSP violations as errors. */
export async function journeyContext(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; baseURL?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.viewport,
    baseURL: options.baseURL ?? baseUrl(),
  });
  // Violations the page itself catches (an eval probe) never reach the console on their own.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return context;
}

/**
 * A page at the given viewport: in a fresh browser context (no cookies, no storage), or in the
 * file's own `options.context`.
 */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
  options: PageOptions = {},
): Promise<OpenedPage> {
  const context = options.context ?? (await journeyContext(browser, { viewport, baseURL: options.baseURL }));
  const page = await context.newPage();
  if (options.context) await page.setViewportSize(viewport);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // A signed-out read answered 401 is expected (docs/product.md §7 turns it into empty data); Chromium logs it.
    if (/status of 401/.test(text)) return;
    const { url } = message.location();
    if (isExpectedFailure(text, url, options.expectedFailures ?? [])) return;
    // A failed request names its URL, so the report says which request failed.
    errors.push(text.startsWith('Failed to load resource') && url ? `${text} ${url}` : text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors };
}

/**
 * Waits until the app has attached to the page (`data-app-ready` on <html>, set when the page inside
 * the app's routes has committed: app/router.tsx). Journeys act like people and do not wait for it by default (docs/design.md §12: a tap at
 * first paint counts, ADR 0020); a journey that needs the app itself running before it acts (e.g.
 * to intercept a read the app makes, or to read the app's state) calls it and says why.
 */
export const appIsReady = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', undefined, {
    timeout: 15_000,
  });

/** Waits for a toast (success or error) with this text. */
export const toast = (page: Page, text: string) =>
  page.locator('[data-variant]').filter({ hasText: text }).first().waitFor();

/**
 * Opens `path` as a navigation inside the app (from the landing page, through the router), so the
 * page loads its data from the API in the browser, as after a click on a link, rather than from
 * the server-rendered HTML of a direct visit (ADR 0016).
 */
export async function openFromTheApp(page: Page, path: string) {
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Scrolls an element's middle to the middle of the screen, as a reader scrolling to it does: what a
 * long list draws only near the screen (a queue card's form on a phone, issue #47) is then drawn.
 */
export const scrollToMiddle = (element: Locator) =>
  element.evaluate((node) => node.scrollIntoView({ block: 'center' }));
