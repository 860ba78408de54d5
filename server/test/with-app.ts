import { afterAll, beforeAll } from 'vitest';
import { requestsAs, signInAdmin, signInStaff } from './sessions';
import { createBootstrappedApp, createTestApp } from './test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Env = Record<string, string>;

export interface WithAppOptions extends Omit<NonNullable<Parameters<typeof createTestApp>[0]>, 'env'> {
  /**
   * The app's environment. A function is called in the beforeAll, after the hooks the file
   * registered before withApp (a fake server started there can hand over its URL).
   */
  env?: Env | (() => Env);
  /** Configure and create the test accounts (TEST_ACCOUNTS), as createBootstrappedApp does. Default true. */
  accounts?: boolean;
  /** Who to sign in once the app is up, in this order: the handle's `admin` and `staff` cookies. */
  signIn?: readonly ('admin' | 'staff')[];
  /** Listen on a free port of 127.0.0.1 (before anyone signs in): the handle's `base` URL. */
  listen?: boolean;
  /** The beforeAll's time limit, for a slow start (demo data). */
  timeout?: number;
}

export interface AppFixture extends TestApp {
  /** The admin's cookie header (signIn: ['admin']). */
  readonly admin: string;
  /** The staff (upload) cookie header (signIn: ['staff']). */
  readonly staff: string;
  /** app.inject as the admin (requestsAs): `call(method, url, payload?, cookie?)`. */
  readonly call: ReturnType<typeof requestsAs>;
  /** The listening server's origin, http://127.0.0.1:port (listen: true). */
  readonly base: string;
}

/**
 * One real app on a real database for a test file: registers the beforeAll that starts it (and
 * signs in whoever `signIn` names) and the afterAll that closes it. The handle's fields are read
 * inside tests and later hooks, once the beforeAll has run.
 */
export function withApp(options: WithAppOptions = {}): AppFixture {
  const { env, accounts = true, signIn = [], listen = false, timeout, ...appOptions } = options;
  let started: (TestApp & { admin?: string; staff?: string; base?: string }) | undefined;
  let call: ReturnType<typeof requestsAs> | undefined;

  beforeAll(async () => {
    const create = accounts ? createBootstrappedApp : createTestApp;
    const ctx = await create({ ...appOptions, env: typeof env === 'function' ? env() : env });
    started = ctx;
    const base = listen ? await ctx.app.listen({ host: '127.0.0.1', port: 0 }) : undefined;
    const admin = signIn.includes('admin') ? await signInAdmin(ctx.app) : undefined;
    const staff = signIn.includes('staff') ? await signInStaff(ctx.app) : undefined;
    started = { ...ctx, admin, staff, base };
  }, timeout);
  afterAll(() => started?.close());

  const get = <K extends keyof NonNullable<typeof started>>(key: K, wanted = '') => {
    if (!started)
      throw new Error(`withApp: ${String(key)} read before the app started (read it inside a test or hook)`);
    const value = started[key];
    if (value === undefined) throw new Error(`withApp: no ${String(key)}; ask for it with ${wanted}`);
    return value as NonNullable<NonNullable<typeof started>[K]>;
  };
  return {
    get app() {
      return get('app');
    },
    get database() {
      return get('database');
    },
    get db() {
      return get('db');
    },
    get config() {
      return get('config');
    },
    close: () => get('close')(),
    get admin() {
      return get('admin', "signIn: ['admin']");
    },
    get staff() {
      return get('staff', "signIn: ['staff']");
    },
    get base() {
      return get('base', 'listen: true');
    },
    get call() {
      call ??= requestsAs(get('app'), get('admin', "signIn: ['admin']"));
      return call;
    },
  };
}
