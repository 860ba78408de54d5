import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { type RunningServer, startAppServer } from './app-server';
import { CHROMIUM_PATH, hasChromium } from './chromium';

declare module 'vitest' {
  interface ProvidedContext {
    baseUrl: string;
    demoDealer: { dealerName: string; buyCode: string };
    demoOwner: { email: string; password: string };
  }
}

let server: RunningServer | undefined;

/** One built app server for all browser journeys; each file opens its own browser. */
export default async function setup(project: TestProject) {
  if (!existsSync(new URL('../../dist/web/index.html', import.meta.url))) {
    throw new Error('The web app is not built: run `npm run build` before the browser tests.');
  }
  if (!hasChromium()) throw new Error(`No Chromium at ${CHROMIUM_PATH} (apt-get install chromium).`);
  server = await startAppServer();
  project.provide('baseUrl', server.url);
  if (!server.demoDealer) throw new Error(`the e2e server printed no demo dealer:\n${server.output()}`);
  project.provide('demoDealer', server.demoDealer);
  if (!server.demoOwner) throw new Error(`the e2e server printed no demo team:\n${server.output()}`);
  project.provide('demoOwner', server.demoOwner);
  return async () => {
    const code = await server?.stop();
    if (code !== 0) throw new Error(`app server exited with ${code} on SIGTERM:\n${server?.output()}`);
  };
}
