import { inject } from 'vitest';
import type { App } from '../src/app';

/** Signs in through the real endpoints and returns the cookie header to send as that identity. */
export async function signIn(
  app: App,
  as: 'admin' | 'dealer' | 'staff',
  credentials: Record<string, string>,
  remoteAddress = '10.9.8.7',
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${as}/login`,
    payload: credentials,
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`${as} sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies[0];
  if (!cookie) throw new Error(`${as} sign-in set no cookie`);
  return `${cookie.name}=${cookie.value}`;
}

/** The accounts API tests sign in with (createBootstrappedApp configures and creates them). */
export const TEST_ACCOUNTS = {
  adminEmail: 'boss@example.com',
  adminPassword: 'correct horse battery',
  uploadPassword: 'lot-password',
} as const;

/**
 * argon2 hashes of the fixed test passwords (TEST_ACCOUNTS' admin password, factories'
 * MEMBER_PASSWORD), made once per run by global setup with the app's own hashPassword and verified
 * there: a file stores these instead of spending a hash on the same password again.
 */
export const testPasswordHashes = (): ReadonlyMap<string, string> =>
  new Map(Object.entries(inject('testPasswordHashes')));

/** The precomputed hash of one fixed test password (server/test/global-setup.ts lists them). */
export function testPasswordHash(password: string): string {
  const hash = testPasswordHashes().get(password);
  if (!hash) throw new Error('No precomputed hash for this password: list it in server/test/global-setup.ts');
  return hash;
}

export const signInAdmin = (app: App) =>
  signIn(app, 'admin', { email: TEST_ACCOUNTS.adminEmail, password: TEST_ACCOUNTS.adminPassword });

export const signInStaff = (app: App) => signIn(app, 'staff', { password: TEST_ACCOUNTS.uploadPassword });

/**
 * app.inject as a signed-in identity: `call(method, url, payload?, cookie?)` sends the default
 * cookie unless another identity's is given.
 */
export function requestsAs(app: App, defaultCookie: string) {
  return (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    cookie = defaultCookie,
  ) =>
    app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** Signs a team member in with e-mail and password (POST /api/team/login); returns the cookie header. */
export async function signInMember(app: App, email: string, password: string, remoteAddress = '10.9.8.6') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/team/login',
    payload: { email, password },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`member sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies[0]!;
  return `${cookie.name}=${cookie.value}`;
}
