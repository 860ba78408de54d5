import type { SessionRole } from '@contracts/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { revokeSessions } from '../../lib/sessions';
import { clearSessionCookie, isSecureRequest, setSessionCookie, tokensForRole } from '../../plugins/auth';
import { attemptPolicies, guardAttempt } from '../../plugins/rate-limit';
import { changeAdminPassword, loginAdmin } from './login-admin';
import { getDealerInfo, loginDealer } from './login-dealer';
import { loginStaff } from './login-staff';

/** Sign-in, sign-out and "who am I" for the spec's three roles, from the endpoint table. */
export async function authRoutes(app: FastifyInstance, { db, config }: { db: Database; config: Config }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const isSecure = (request: FastifyRequest) => isSecureRequest(request, config.publicOrigin);
  const logout = async (role: SessionRole, request: FastifyRequest, reply: FastifyReply) => {
    await revokeSessions(db, role, tokensForRole(request, role));
    clearSessionCookie(reply, role, isSecure(request));
    return { ok: true as const };
  };
  // Only failed checks are counted (a correct password never uses up the budget); see rate-limit.ts.
  const policies = attemptPolicies(config);

  // --- Admin ---
  routes.route({
    ...app.endpoint('adminLogin'),
    handler: async (request, reply) => {
      const { admin, session } = await guardAttempt(db, request, policies.admin, request.body.email, () =>
        loginAdmin(db, request.body),
      );
      setSessionCookie(reply, 'admin', session, isSecure(request));
      return { token: session.token, email: admin.email };
    },
  });
  routes.route({
    ...app.endpoint('adminLogout'),
    handler: (request, reply) => logout('admin', request, reply),
  });
  routes.route({
    ...app.endpoint('adminCheck'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { authorized: (await request.actor()).type === 'admin' };
    },
  });
  routes.route({
    ...app.endpoint('adminPassword'),
    handler: async (request) => {
      const admin = (await request.viewer()).admin!;
      await guardAttempt(db, request, policies.admin, admin.email, () =>
        changeAdminPassword(db, admin.id, request.body, tokensForRole(request, 'admin')),
      );
      return { ok: true as const };
    },
  });

  // --- Dealer ---
  routes.route({
    ...app.endpoint('dealerLogin'),
    handler: async (request, reply) => {
      const { dealer, session } = await guardAttempt(
        db,
        request,
        policies.code,
        request.body.dealerName,
        () => loginDealer(db, request.body),
      );
      setSessionCookie(reply, 'dealer', session, isSecure(request));
      return dealer;
    },
  });
  routes.route({
    ...app.endpoint('dealerLogout'),
    handler: (request, reply) => logout('dealer', request, reply),
  });
  routes.route({
    ...app.endpoint('dealerMe'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const actor = await request.actor();
      const proof = (await request.viewer()).dealer!.proof;
      return getDealerInfo(db, actor.id!, actor.member?.id ?? null, proof);
    },
  });

  // --- Staff ---
  routes.route({
    ...app.endpoint('staffLogin'),
    handler: async (request, reply) => {
      // The shared upload password is one target: its failures are also counted across addresses.
      const session = await guardAttempt(db, request, policies.staff, 'upload-password', () =>
        loginStaff(db, request.body, config.uploadPassword),
      );
      setSessionCookie(reply, 'staff', session, isSecure(request));
      return { authorized: true as const, expiresAt: session.expiresAt.toISOString() };
    },
  });
  routes.route({
    ...app.endpoint('staffLogout'),
    handler: (request, reply) => logout('staff', request, reply),
  });
  routes.route({
    ...app.endpoint('staffMe'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const viewer = await request.viewer();
      const expiresAt = viewer.staff?.sessionExpiresAt ?? viewer.admin!.sessionExpiresAt;
      return { authorized: true as const, expiresAt: expiresAt.toISOString() };
    },
  });
}
