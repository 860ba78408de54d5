import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's headless shell (`apt-get install chromium-headless-shell`) when it is installed: the
 * same engine as Chromium without the desktop browser around it, which loads and paints a page in
 * about half the time on this 2-core machine (docs/testing.md). Otherwise Debian's Chromium, run
 * headless. CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const hasChromium = () => existsSync(CHROMIUM_PATH);

/** The flags this closed network needs (docs/stack.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let shared: Promise<Browser> | undefined;

/**
 * The worker's browser: launched by the first journey file a test worker runs and kept for the
 * next ones (a worker runs one file at a time; each file opens its own contexts, so no cookie or
 * storage crosses files). Launched again if it has gone away.
 */
export async function launchChromium(): Promise<Browser> {
  const running = await shared?.catch(() => undefined);
  if (running?.isConnected()) return running;
  shared = chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return shared;
}

/** At the end of a file: closes the contexts it left open; the browser stays for the next file. */
export async function releaseChromium(browser: Browser | undefined) {
  if (!browser?.isConnected()) return;
  await Promise.all(browser.contexts().map((context) => context.close().catch(() => undefined)));
}

export const PHONE = { width: 375, height: 812 } as const;
export const TABLET = { width: 800, height: 1000 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;
