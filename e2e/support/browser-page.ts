import type { Browser, BrowserContext, Page } from 'playwright-core';
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

/** A fresh browser context (no cookies, no storage) at the given viewport. */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
  options: PageOptions = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport, baseURL: options.baseURL ?? baseUrl() });
  // Violations the page itself catches (an eval probe) never reach the console on their own.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // A signed-out read answered 401 is expected (spec §7 turns it into empty data); Chromium logs it.
    if (/status of 401/.test(text)) return;
    const { url } = message.location();
    if (isExpectedFailure(text, url, options.expectedFailures ?? [])) return;
    // A failed request names its URL, so the report says which request failed.
    errors.push(text.startsWith('Failed to load resource') && url ? `${text} ${url}` : text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  waitForTheAppOnEveryLoad(page);
  return { page, context, errors };
}

/**
 * A server-rendered page (ADR 0016) shows its buttons before the app has attached to them: a
 * journey acts like a person whose taps count, once the app is ready (`data-app-ready`, set when
 * the app first commits). goto, reload and goBack wait for it on the app's pages; other documents
 * (a PDF, an API answer, a page without the app) are returned as they are.
 */
function waitForTheAppOnEveryLoad(page: Page) {
  const ready = () =>
    page.waitForFunction(
      () => !document.getElementById('root') || document.documentElement.dataset.appReady === 'true',
      undefined,
      { timeout: 15_000 },
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const goBack = page.goBack.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
  page.goBack = async (...args) => {
    const response = await goBack(...args);
    await ready();
    return response;
  };
}

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
