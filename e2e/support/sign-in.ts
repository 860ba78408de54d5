import type { BrowserContext, Page } from 'playwright-core';
import { E2E_ADMIN, E2E_UPLOAD_PASSWORD } from './app-server';

/**
 * Signs the page's context in as the admin through the API, then opens `path` (an /admin URL) on
 * the dashboard: one page load. The login form itself is accounts.e2e.ts's ('guards /admin,
 * validates, signs in, switches the footer link and logs out'); going through it here cost every
 * admin journey the login page and the dashboard's first tab before `path`.
 */
export async function signInAdmin(page: Page, path = '/admin') {
  await signInContext(page.context(), 'admin');
  // What the form leaves in the browser besides the cookie: the e-mail the dashboard shows
  // ("Signed in as …", web/src/lib/storage/display-storage.ts), set once per page as a sign-in does.
  await page.addInitScript((email) => {
    if (sessionStorage.getItem('e2e-admin-signed-in')) return;
    sessionStorage.setItem('e2e-admin-signed-in', '1');
    localStorage.setItem('adminEmail', email);
  }, E2E_ADMIN.email);
  await page.goto(path);
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

/** Enters the staff upload password on /upload and waits for the wizard's first step. */
export async function signInToUpload(page: Page) {
  await page.goto('/upload');
  await page.getByLabel('Password').fill(E2E_UPLOAD_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Vehicle VIN', level: 2 }).waitFor();
}

/** Signs a browser context in through the API (its cookie then goes with every page of it). */
export async function signInContext(
  context: BrowserContext,
  as: 'admin' | 'dealer' | 'staff' | 'team',
  credentials: Record<string, string> = as === 'admin'
    ? E2E_ADMIN
    : as === 'staff'
      ? { password: E2E_UPLOAD_PASSWORD }
      : {},
) {
  const response = await context.request.post(`/api/${as}/login`, { data: credentials });
  if (!response.ok()) throw new Error(`${as} sign-in failed: ${response.status()}`);
}

/** An admin bearer token for API calls a journey makes around the browser. */
export async function adminToken(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!login.ok) throw new Error(`admin sign-in failed: ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}
