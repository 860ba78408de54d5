import {
  IDENTITY_PROOFS,
  SESSION_REFUSALS,
  SESSION_TEXT,
  type SessionProof,
  type SessionRole,
} from '@contracts/auth';
import { ERROR_CODES } from '@contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { Actor } from '../lib/actor';
import { AppError } from '../lib/app-error';
import { resolveViewer, type Viewer } from '../lib/sessions';
import type { Access } from './access';

export const SESSION_COOKIES: Record<SessionRole, string> = {
  admin: 'dm_admin_session',
  staff: 'dm_staff_session',
  dealer: 'dm_dealer_session',
};

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The sessions the request presents (cookies or a Bearer token), looked up once, lazily. Only
     * the session routes read it directly (expiry, the admin's e-mail); handlers that act use actor().
     */
    viewer(): Promise<Viewer>;
    /** The one way a handler learns who acts: the session this route admits (see actorOf). */
    actor(): Promise<Actor>;
  }
}

/**
 * Which of the request's sessions acts on a route of this access level. A request may carry several
 * (an admin trying the dealer portal); the route decides, and an admin comes first where it is
 * admitted, as on the staff upload routes. Anonymous callers act as the public.
 */
export function actorOf(access: Access, viewer: Viewer): Actor {
  if (viewer.admin && access !== 'dealer' && access !== 'member' && access !== 'identity')
    return { type: 'admin', id: viewer.admin.id };
  if (
    viewer.dealer &&
    (access === 'dealer' ||
      access === 'member' ||
      access === 'identity' ||
      access === 'account' ||
      access === 'session' ||
      access === 'public')
  )
    return { type: 'dealer', id: viewer.dealer.id, member: viewer.dealer.member };
  if (viewer.staff && (access === 'staff' || access === 'session' || access === 'public'))
    return { type: 'staff', id: null };
  return { type: 'public', id: null };
}

/** Whether a session's proof may manage identity (docs/decisions/0031-session-strength.md): not a buy code. */
export const hasIdentityProof = (proof: SessionProof) => IDENTITY_PROOFS.includes(proof);

/** Which signed-in identities may call a route of each access level (docs/design.md §2). */
export function isAllowed(access: Access, viewer: Viewer): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'dealer':
      return viewer.dealer !== null;
    case 'member':
      return viewer.dealer?.member != null;
    case 'identity':
      return viewer.dealer?.member != null && hasIdentityProof(viewer.dealer.proof);
    case 'staff':
      // Admins may do what the lot staff does (upload a vehicle).
      return viewer.staff !== null || viewer.admin !== null;
    case 'admin':
      return viewer.admin !== null;
    case 'account':
      return viewer.admin !== null || viewer.dealer !== null;
    case 'session':
      return viewer.admin !== null || viewer.dealer !== null || viewer.staff !== null;
  }
}

const bearerToken = (request: FastifyRequest) =>
  /^Bearer\s+([A-Za-z0-9_-]{20,100})$/i.exec(request.headers.authorization ?? '')?.[1];

/** Every session token the request presents: its session cookies and any Bearer token. */
export function presentedTokens(request: FastifyRequest): string[] {
  const tokens: string[] = [];
  for (const name of Object.values(SESSION_COOKIES)) {
    const value = request.cookies[name];
    if (value && value.length <= 100) tokens.push(value);
  }
  const bearer = bearerToken(request);
  if (bearer) tokens.push(bearer);
  return tokens;
}

/**
 * Resolves the viewer lazily and enforces each route's declared access before the body is even
 * parsed: 401 without a session, 403 with a session of the wrong role.
 */
export function registerAuth(app: FastifyInstance, options: { db: Database }) {
  const cache = new WeakMap<FastifyRequest, Promise<Viewer>>();
  app.decorateRequest('viewer', function (this: FastifyRequest) {
    let viewer = cache.get(this);
    if (!viewer) {
      viewer = resolveViewer(options.db, presentedTokens(this));
      cache.set(this, viewer);
    }
    return viewer;
  });
  app.decorateRequest('actor', async function (this: FastifyRequest) {
    return actorOf(this.routeOptions.config?.access ?? 'public', await this.viewer());
  });

  const enforce = async (request: FastifyRequest, access: Access) => {
    const viewer = await request.viewer();
    if (isAllowed(access, viewer)) return;
    const signedIn = viewer.admin || viewer.dealer || viewer.staff;
    // A member signed in with a buy code: say what it takes, not just "no".
    if (access === 'identity' && viewer.dealer?.member)
      throw new AppError(
        ERROR_CODES.forbidden,
        SESSION_TEXT.needsIdentityProof,
        {},
        SESSION_REFUSALS.identityProofRequired,
      );
    throw signedIn
      ? new AppError(ERROR_CODES.forbidden, 'You do not have access to this')
      : new AppError(ERROR_CODES.unauthorized, 'Please sign in');
  };
  // Callback style so public routes (the hot reads) pay no promise for it.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return done();
    enforce(request, access).then(() => done(), done);
  });
}

/** Whether the session cookie gets `Secure`: the request came over HTTPS, or the public origin is HTTPS. */
export const isSecureRequest = (request: FastifyRequest, publicOrigin: string | undefined) =>
  request.protocol === 'https' || (publicOrigin?.startsWith('https://') ?? false);

export function setSessionCookie(
  reply: FastifyReply,
  role: SessionRole,
  session: { token: string; expiresAt: Date },
  secure: boolean,
) {
  reply.setCookie(SESSION_COOKIES[role], session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, role: SessionRole, secure: boolean) {
  reply.clearCookie(SESSION_COOKIES[role], { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

/** The tokens a request presents for one role: its cookie and any Bearer token (for logout). */
export function tokensForRole(request: FastifyRequest, role: SessionRole): string[] {
  const cookie = request.cookies[SESSION_COOKIES[role]];
  const bearer = bearerToken(request);
  return [cookie, bearer].filter((t): t is string => !!t);
}
