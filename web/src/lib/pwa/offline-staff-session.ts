import type { StaffMeResponse } from '@contracts/auth';

/**
 * The staff session as last seen, for opening the staff app with no network (docs/design.md §17): only
 * its expiry is kept (localStorage), never its token (an HttpOnly cookie the server alone reads).
 * Offline, the app shows the wizard to a phone that was signed in until then; every request that
 * acts still needs the cookie, so this grants nothing on the server.
 */
const KEY = 'dm-staff-session-until';

export function rememberStaffSession(session: StaffMeResponse | null) {
  try {
    if (session) localStorage.setItem(KEY, session.expiresAt);
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode, quota): the app then needs the network to know the session.
  }
}

export function rememberedStaffSession(): StaffMeResponse | null {
  let until: string | null = null;
  try {
    until = localStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (!until || !(Date.parse(until) > Date.now())) return null;
  return { authorized: true, expiresAt: until };
}

/**
 * Reads the session from the server and remembers it; when the server cannot be reached at all (a
 * fetch that fails, not an answer), answers with the remembered one while it lasts.
 */
export async function readStaffSession(
  read: () => Promise<StaffMeResponse | null>,
): Promise<StaffMeResponse | null> {
  try {
    const session = await read();
    rememberStaffSession(session);
    return session;
  } catch (error) {
    const remembered = error instanceof TypeError ? rememberedStaffSession() : null;
    if (remembered) return remembered;
    throw error;
  }
}
