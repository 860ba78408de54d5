import {
  adminCheckResponseSchema,
  adminLoginBodySchema,
  adminLoginResponseSchema,
  changePasswordBodySchema,
  dealerInfoSchema,
  dealerLoginBodySchema,
  type SessionRole,
  staffLoginBodySchema,
  staffMeResponseSchema,
} from '@contracts/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { revokeSessions } from '../../lib/sessions';
import { clearSessionCookie, isSecureRequest, setSessionCookie, tokensForRole } from '../../plugins/auth';
import { attemptPolicies, guardAttempt } from '../../plugins/rate-limit';
import { changeAdminPassword, loginAdmin } from './login-admin';
import { getDealerInfo, loginDealer } from './login-dealer';
import { loginStaff } from './login-staff';

const okSchema = z.object({ ok: z.literal(true) });

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
  routes.post(
    '/api/admin/login',
    {
      config: { access: 'public' },
      schema: { body: adminLoginBodySchema, response: { 200: adminLoginResponseSchema } },
    },
    async (request, reply) => {
      const { admin, session } = await guardAttempt(db, request, policies.admin, request.body.email, () =>
        loginAdmin(db, request.body),
      );
      setSessionCookie(reply, 'admin', session, isSecure(request));
      return { token: session.token, email: admin.email };
    },
  );
  routes.post(
    '/api/admin/logout',
    { config: { access: 'public' }, schema: { response: { 200: okSchema } } },
    (request, reply) => logout('admin', request, reply),
  );
  routes.get(
    '/api/admin/check',
    { config: { access: 'public' }, schema: { response: { 200: adminCheckResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { authorized: (await request.actor()).type === 'admin' };
    },
  );
  routes.post(
    '/api/admin/password',
    { config: { access: 'admin' }, schema: { body: changePasswordBodySchema, response: { 200: okSchema } } },
    async (request) => {
      const admin = (await request.viewer()).admin!;
      await guardAttempt(db, request, policies.admin, admin.email, () =>
        changeAdminPassword(db, admin.id, request.body),
      );
      return { ok: true as const };
    },
  );

  // --- Dealer ---
  routes.post(
    '/api/dealer/login',
    {
      config: { access: 'public' },
      schema: { body: dealerLoginBodySchema, response: { 200: dealerInfoSchema } },
    },
    async (request, reply) => {
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
  );
  routes.post(
    '/api/dealer/logout',
    { config: { access: 'public' }, schema: { response: { 200: okSchema } } },
    (request, reply) => logout('dealer', request, reply),
  );
  routes.get(
    '/api/dealer/me',
    { config: { access: 'dealer' }, schema: { response: { 200: dealerInfoSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const actor = await request.actor();
      return getDealerInfo(db, actor.id!, actor.member?.id ?? null);
    },
  );

  // --- Staff ---
  routes.post(
    '/api/staff/login',
    {
      config: { access: 'public' },
      schema: { body: staffLoginBodySchema, response: { 200: staffMeResponseSchema } },
    },
    async (request, reply) => {
      // The shared upload password is one target: its failures are also counted across addresses.
      const session = await guardAttempt(db, request, policies.staff, 'upload-password', () =>
        loginStaff(db, request.body, config.uploadPassword),
      );
      setSessionCookie(reply, 'staff', session, isSecure(request));
      return { authorized: true as const, expiresAt: session.expiresAt.toISOString() };
    },
  );
  routes.post(
    '/api/staff/logout',
    { config: { access: 'public' }, schema: { response: { 200: okSchema } } },
    (request, reply) => logout('staff', request, reply),
  );
  routes.get(
    '/api/staff/me',
    { config: { access: 'staff' }, schema: { response: { 200: staffMeResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const viewer = await request.viewer();
      const expiresAt = viewer.staff?.sessionExpiresAt ?? viewer.admin!.sessionExpiresAt;
      return { authorized: true as const, expiresAt: expiresAt.toISOString() };
    },
  );
}
