import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isSecureRequest, setSessionCookie, tokensForRole } from '../../plugins/auth';
import { attemptPolicies, guardAttempt, invitationPolicy, limitRequests } from '../../plugins/rate-limit';
import { deactivateDealershipCode, rotateDealershipCode } from '../buy-codes/owner-codes';
import { publicOriginOf } from '../notifications/notification-messages';
import { disableMember } from './disable-member';
import { assertOwner, findTeam } from './find-team';
import { inviteMember, resendInvitation, revokeInvitation } from './invite-member';
import {
  acceptInvitation,
  changeMemberPassword,
  invitationPasskeyOptions,
  readInvitation,
  requestPasswordReset,
  resetPassword,
  signInMember,
  startMemberSession,
} from './member-accounts';
import {
  deletePasskey,
  findPasskeys,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  relyingPartyOf,
  toPasskey,
  verifyPasskeySignIn,
} from './passkeys';
import { isRecentlyReauthenticated, reauthenticate, reauthenticationRequired } from './reauthenticate';
import { updateMember } from './update-member';

/**
 * Dealer teams (issue #20, docs/design.md §10): members' sign-in (password, passkey), links from
 * e-mails (invitation, password reset), the member's account, the owner's team page and the
 * admin's view of each dealership's team.
 */
export async function teamsRoutes(app: FastifyInstance, { db, config }: { db: Database; config: Config }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const policies = attemptPolicies(config);
  // Without SMTP_URL nothing is mailed: the inviter is handed the link instead (shown once).
  const delivery = {
    mailed: config.mail !== null,
    get origin() {
      return publicOriginOf(config, app.server);
    },
  };
  const rp = (request: FastifyRequest) =>
    relyingPartyOf(config.brand.productName, config.publicOrigin ?? `${request.protocol}://${request.host}`);
  const isSecure = (request: FastifyRequest) => isSecureRequest(request, config.publicOrigin);
  const signedIn = (
    request: FastifyRequest,
    reply: FastifyReply,
    result: Awaited<ReturnType<typeof startMemberSession>>,
  ) => {
    setSessionCookie(reply, 'dealer', result.session, isSecure(request));
    return result.info;
  };
  /**
   * A 'member' or 'identity' route admits only a named member's session; its id and dealership, and
   * whether it proved it again lately (adding a credential needs that; docs/decisions/0031-session-strength.md).
   */
  const memberOf = async (request: FastifyRequest) => {
    const actor = await request.actor();
    const session = (await request.viewer()).dealer!;
    return {
      actor,
      memberId: actor.member!.id,
      dealerId: actor.id!,
      reauthenticated: isRecentlyReauthenticated(session),
    };
  };
  /** Adding a credential: refused until the member proves it again (the web then asks for it). */
  const reauthenticatedMemberOf = async (request: FastifyRequest) => {
    const member = await memberOf(request);
    if (!member.reauthenticated) throw reauthenticationRequired();
    return member;
  };

  // --- Signing in ---
  routes.route({
    ...app.endpoint('memberLogin'),
    handler: async (request, reply) =>
      signedIn(
        request,
        reply,
        await guardAttempt(db, request, policies.member, request.body.email, () =>
          signInMember(db, request.body),
        ),
      ),
  });
  routes.route({
    ...app.endpoint('passkeySignInOptions'),
    handler: async (request) => {
      await limitRequests(db, request, policies.memberChallenge, undefined);
      return passkeySignInOptions(db, rp(request));
    },
  });
  routes.route({
    ...app.endpoint('passkeySignIn'),
    handler: async (request, reply) => {
      const result = await guardAttempt(db, request, policies.member, undefined, async () => {
        const { member, passkeyId } = await verifyPasskeySignIn(
          db,
          rp(request),
          request.body.response as unknown as AuthenticationResponseJSON,
        );
        return startMemberSession(db, member, { proof: 'passkey', passkeyId });
      });
      return signedIn(request, reply, result);
    },
  });

  // --- Links from e-mails: the token in the body is the authority ---
  routes.route({
    ...app.endpoint('readInvitation'),
    handler: async (request) => readInvitation(db, request.body.token),
  });
  routes.route({
    ...app.endpoint('invitationPasskeyOptions'),
    handler: async (request) => {
      await limitRequests(db, request, policies.memberChallenge, undefined);
      return invitationPasskeyOptions(db, rp(request), request.body.token);
    },
  });
  routes.route({
    ...app.endpoint('acceptInvitation'),
    handler: async (request, reply) => {
      await limitRequests(db, request, policies.memberLink, undefined);
      return signedIn(request, reply, await acceptInvitation(db, rp(request), request.body));
    },
  });
  routes.route({
    ...app.endpoint('requestPasswordReset'),
    handler: async (request) => {
      await limitRequests(db, request, policies.memberReset, request.body.email);
      await requestPasswordReset(db, request.body.email);
      return { ok: true as const };
    },
  });
  routes.route({
    ...app.endpoint('resetPassword'),
    handler: async (request) => {
      await limitRequests(db, request, policies.memberLink, undefined);
      await resetPassword(db, request.body);
      return { ok: true as const };
    },
  });

  // --- The member's own account (a password or passkey session: 'identity') ---
  routes.route({
    ...app.endpoint('memberReauth'),
    handler: async (request) => {
      const { actor, memberId } = await memberOf(request);
      return guardAttempt(db, request, policies.member, actor.member!.email, () =>
        reauthenticate(db, rp(request), memberId, request.body, tokensForRole(request, 'dealer')),
      );
    },
  });
  routes.route({
    ...app.endpoint('memberPassword'),
    handler: async (request) => {
      const { actor, memberId, reauthenticated } = await memberOf(request);
      await guardAttempt(db, request, policies.member, actor.member!.email, () =>
        changeMemberPassword(db, memberId, request.body, tokensForRole(request, 'dealer'), reauthenticated),
      );
      return { ok: true as const };
    },
  });
  routes.route({
    ...app.endpoint('memberPasskeys'),
    handler: async (request) => findPasskeys(db, (await memberOf(request)).memberId),
  });
  routes.route({
    ...app.endpoint('passkeyOptions'),
    handler: async (request) => {
      const { actor } = await reauthenticatedMemberOf(request);
      return passkeyRegistrationOptions(db, rp(request), actor.member!);
    },
  });
  routes.route({
    ...app.endpoint('addPasskey'),
    handler: async (request, reply) => {
      const { memberId } = await reauthenticatedMemberOf(request);
      const row = await db.transaction((tx) =>
        registerPasskey(
          tx,
          rp(request),
          memberId,
          request.body.response as unknown as RegistrationResponseJSON,
          request.body.name ?? 'Passkey',
        ),
      );
      return reply.code(201).send(toPasskey(row));
    },
  });
  routes.route({
    ...app.endpoint('deletePasskey'),
    handler: async (request) => {
      await deletePasskey(db, (await memberOf(request)).memberId, request.params.id);
      return { ok: true as const };
    },
  });

  // --- The owner's team page ---
  routes.route({
    ...app.endpoint('teamMembers'),
    handler: async (request) => {
      const { actor, dealerId } = await memberOf(request);
      assertOwner(actor);
      return findTeam(db, dealerId);
    },
  });
  routes.route({
    ...app.endpoint('inviteMember'),
    handler: async (request, reply) => {
      const { actor, dealerId } = await memberOf(request);
      assertOwner(actor);
      await limitRequests(db, request, invitationPolicy, String(dealerId));
      return reply.code(201).send(await inviteMember(db, dealerId, request.body, actor, delivery));
    },
  });
  routes.route({
    ...app.endpoint('deactivateTeamCode'),
    handler: async (request) => {
      const { actor } = await memberOf(request);
      assertOwner(actor);
      return deactivateDealershipCode(db, request.params.id, actor);
    },
  });
  routes.route({
    ...app.endpoint('rotateTeamCode'),
    handler: async (request, reply) => {
      const { actor } = await memberOf(request);
      assertOwner(actor);
      return reply.code(201).send(await rotateDealershipCode(db, request.params.id, actor));
    },
  });
  routes.route({
    ...app.endpoint('updateMember'),
    handler: async (request) => updateMember(db, request.params.id, request.body, await request.actor()),
  });
  routes.route({
    ...app.endpoint('removeMember'),
    handler: async (request) => disableMember(db, request.params.id, await request.actor()),
  });

  // --- The admin's view of a dealership's team ---
  routes.route({
    ...app.endpoint('adminDealerTeam'),
    handler: async (request) => findTeam(db, request.params.id),
  });
  routes.route({
    ...app.endpoint('adminInviteMember'),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await inviteMember(db, request.params.id, request.body, await request.actor(), delivery)),
  });
  routes.route({
    ...app.endpoint('resendInvitation'),
    handler: async (request) => resendInvitation(db, request.params.id, await request.actor(), delivery),
  });
  routes.route({
    ...app.endpoint('revokeInvitation'),
    handler: async (request) => {
      await revokeInvitation(db, request.params.id, await request.actor());
      return { ok: true as const };
    },
  });
  routes.route({
    ...app.endpoint('disableMember'),
    handler: async (request) => disableMember(db, request.params.id, await request.actor()),
  });
}
