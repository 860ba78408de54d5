import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = () => existsSync(CHROMIUM_PATH);

/** Debian's Chromium, headless, with the flags this closed network needs (docs/stack.md). */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

export const PHONE = { width: 375, height: 812 } as const;
export const TABLET = { width: 800, height: 1000 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;
