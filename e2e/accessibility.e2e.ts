import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, WCAG_AND_BEST_PRACTICE } from './support/axe';
import { baseUrl, type ExpectedFailure, journeyContext, openPage } from './support/browser-page';
import { DESKTOP, launchChromium, PHONE, releaseChromium } from './support/chromium';
import { signInContext } from './support/sign-in';

/** Every page of the spec's route table (and its states) passes axe with no serious or critical violation. */
let browser: Browser;
let vehicleId: number;
/** One context for the file (a page per visit, cookies cleared after each): pages only read. */
let shared: BrowserContext;
beforeAll(async () => {
  browser = await launchChromium();
  shared = await journeyContext(browser);
  const list = (await (await fetch(`${baseUrl()}/api/vehicles`)).json()) as { id: number }[];
  vehicleId = list[0]!.id;
});
afterAll(() => releaseChromium(browser));

type Visit = {
  name: string;
  path: () => string;
  signIn?: (context: BrowserContext) => Promise<void>;
  ready: (page: Page) => Promise<void>;
  /** Failed requests the page shows on purpose (Chromium logs them as console errors). */
  expectedFailures?: ExpectedFailure[];
};
const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name }).first().waitFor();

const VISITS: Visit[] = [
  { name: 'landing', path: () => '/', ready: heading('Your Buyer. Replaced.') },
  {
    name: 'inventory',
    path: () => '/inventory',
    ready: (page) =>
      page
        .getByRole('link', { name: /^View details for/ })
        .first()
        .waitFor(),
  },
  {
    name: 'vehicle detail',
    path: () => `/vehicle/${vehicleId}`,
    ready: (page) =>
      page
        .getByRole('heading', { name: 'Inspection Report' })
        .or(page.getByText('Exterior').first())
        .first()
        .waitFor(),
  },
  {
    name: 'vehicle not found',
    path: () => '/vehicle/999999',
    ready: heading('Vehicle Not Found'),
    expectedFailures: [{ path: '/api/vehicles/999999', status: 404 }],
  },
  { name: 'admin login', path: () => '/admin/login', ready: heading('Admin Login') },
  {
    name: 'admin dashboard',
    path: () => '/admin',
    signIn: (context) => signInContext(context, 'admin'),
    ready: heading('Admin Dashboard'),
  },
  {
    name: 'upload (password step)',
    path: () => '/upload',
    ready: (page) => page.getByLabel('Password').waitFor(),
  },
  {
    name: 'upload (VIN step)',
    path: () => '/upload',
    signIn: (context) => signInContext(context, 'staff'),
    ready: (page) => page.getByRole('textbox').first().waitFor(),
  },
  { name: 'dealer login', path: () => '/dealer/login', ready: heading('Dealer Portal') },
  {
    name: 'dealer dashboard',
    path: () => '/dealer/dashboard',
    signIn: (context) => signInContext(context, 'dealer', inject('demoDealer')),
    ready: heading(/^Welcome, /),
  },
  // Dealer teams (issue #20).
  { name: 'team sign-in', path: () => '/dealer/sign-in', ready: heading('Team sign-in') },
  { name: 'forgot password', path: () => '/dealer/forgot-password', ready: heading('Forgot your password?') },
  {
    name: 'invitation link that does not work',
    path: () => '/dealer/invitation#token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ready: heading('This link does not work'),
    expectedFailures: [{ path: '/api/team/invitation', status: 400 }],
  },
  {
    name: 'reset password',
    path: () => '/dealer/reset-password#token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ready: heading('Choose a new password'),
  },
  {
    name: 'team member dashboard',
    path: () => '/dealer/dashboard',
    signIn: (context) => signInContext(context, 'team', inject('demoOwner')),
    // The dashboard's own line (the header says who is signed in too, without the role).
    ready: (page) => page.getByText(/^Signed in as .* \(Owner\)$/).waitFor(),
  },
  {
    name: 'account',
    path: () => '/dealer/account',
    signIn: (context) => signInContext(context, 'team', inject('demoOwner')),
    ready: (page) => page.getByRole('heading', { name: 'Passkeys' }).waitFor(),
  },
  {
    name: 'team',
    path: () => '/dealer/team',
    signIn: (context) => signInContext(context, 'team', inject('demoOwner')),
    ready: (page) => page.getByText('rita@route9motors.example').waitFor(),
  },
  {
    name: '404',
    path: () => '/no/such/page',
    ready: heading('404 Page Not Found'),
    // The page itself is answered 404, so crawlers see a real not-found page.
    expectedFailures: [{ path: '/no/such/page', status: 404 }],
  },
];

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('axe at %s width', (_label, viewport) => {
  it.each(VISITS.map((v) => [v.name, v] as const))(
    '%s has no serious or critical violation',
    async (_name, visit) => {
      const { page, context, errors } = await openPage(browser, viewport, {
        expectedFailures: visit.expectedFailures ?? [],
        context: shared,
      });
      try {
        await visit.signIn?.(context);
        await page.goto(visit.path());
        await visit.ready(page);
        expect(await axeViolations(page, { tags: WCAG_AND_BEST_PRACTICE })).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        await context.clearCookies();
      }
    },
  );
});

it('keeps a placeholder still for its first 1.5 s, and still for good for who asks for less motion', async () => {
  const { page, errors } = await openPage(browser, PHONE, { context: shared });
  try {
    await page.goto('/');
    await heading('Your Buyer. Replaced.')(page);
    // A placeholder of the read-states kit, styled by the app's own stylesheet.
    const pulse = () =>
      page.evaluate(() => {
        const bar = document.createElement('div');
        bar.className = 'animate-pulse';
        document.body.append(bar);
        const { animationName, animationDelay } = getComputedStyle(bar);
        bar.remove();
        return { animationName, animationDelay };
      });
    expect(await pulse()).toEqual({ animationName: 'pulse', animationDelay: '1.5s' });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect((await pulse()).animationName).toBe('none');
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});
