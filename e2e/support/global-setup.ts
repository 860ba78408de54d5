import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type DemoTemplate, type RunningServer, startAppServer } from './app-server';
import { CHROMIUM_PATH, hasChromium } from './chromium';

declare module 'vitest' {
  interface ProvidedContext {
    baseUrl: string;
    demoDealer: { dealerName: string; buyCode: string };
    demoOwner: { email: string; password: string };
  }
}

let server: RunningServer | undefined;
let templateDir: string | undefined;
let emptyTemplateDir: string | undefined;

/**
 * Seeds the demo once into a template data directory (PGlite): a first start with the journeys'
 * environment, stopped cleanly, whose printout (demo dealer, team password) goes with it. Journeys'
 * own servers start from copies of it (app-server.ts); those on PostgreSQL seed their own.
 */
async function makeDemoTemplate(): Promise<DemoTemplate> {
  templateDir = mkdtempSync(join(tmpdir(), 'e2e-template-'));
  // Every journey waits on this one start: a busy machine gets more time than the usual 60 s.
  const start = startAppServer({}, { dataDir: templateDir, template: null, startTimeoutMs: 180_000 });
  // A failed start's directory is removed by setup (removeTemplates).
  const first = await start;
  const code = await first.stop();
  if (code !== 0) throw new Error(`the template server exited with ${code} on SIGTERM:\n${first.output()}`);
  if (!first.demoDealer || !first.demoOwner) {
    throw new Error(`the template server printed no demo dealer or team:\n${first.output()}`);
  }
  return { dataDir: templateDir, demoDealer: first.demoDealer, demoOwner: first.demoOwner };
}

/**
 * The empty marketplace's template: a first start with SEED_DEMO=false, stopped cleanly. Made beside
 * the demo's, for the journeys that start on an empty database (app-server.ts).
 */
async function makeEmptyTemplate(): Promise<string> {
  emptyTemplateDir = mkdtempSync(join(tmpdir(), 'e2e-empty-template-'));
  const first = await startAppServer(
    { SEED_DEMO: 'false' },
    { dataDir: emptyTemplateDir, template: null, startTimeoutMs: 180_000 },
  );
  const code = await first.stop();
  if (code !== 0)
    throw new Error(`the empty template server exited with ${code} on SIGTERM:\n${first.output()}`);
  return emptyTemplateDir;
}

/** One built app server for all browser journeys; each file opens its own browser. */
export default async function setup(project: TestProject) {
  if (!existsSync(new URL('../../dist/web/index.html', import.meta.url))) {
    throw new Error('The web app is not built: run `npm run build` before the browser tests.');
  }
  if (!hasChromium()) throw new Error(`No Chromium at ${CHROMIUM_PATH} (apt-get install chromium).`);
  // Files journeys write (fixtures, downloads) go in here, removed at the end (server/test/scratch.ts).
  const scratch = mkdtempSync(join(tmpdir(), 'e2e-scratch-'));
  project.provide('testScratchDir', scratch);
  const removeTemplates = () => {
    for (const dir of [templateDir, emptyTemplateDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  };
  const [template, empty] = await Promise.all([makeDemoTemplate(), makeEmptyTemplate()]).catch((error) => {
    removeTemplates();
    throw error;
  });
  project.provide('demoTemplate', template);
  project.provide('emptyTemplateDir', empty);
  server = await startAppServer({}, { template });
  project.provide('baseUrl', server.url);
  if (!server.demoDealer) throw new Error(`the e2e server printed no demo dealer:\n${server.output()}`);
  project.provide('demoDealer', server.demoDealer);
  if (!server.demoOwner) throw new Error(`the e2e server printed no demo team:\n${server.output()}`);
  project.provide('demoOwner', server.demoOwner);
  return async () => {
    const code = await server?.stop();
    removeTemplates();
    rmSync(scratch, { recursive: true, force: true });
    if (code !== 0) throw new Error(`app server exited with ${code} on SIGTERM:\n${server?.output()}`);
  };
}
