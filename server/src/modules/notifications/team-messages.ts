import { PAGE_PATHS } from '@contracts/routes';
import { INVITATION_HOURS, PASSWORD_RESET_MINUTES, TEAM_ROLE_LABELS, type TeamRole } from '@contracts/teams';
import type { MessagePayload } from './enqueue-notifications';
import { compose, defineMessage, type MessageContext } from './notification-messages';

/** Messages to one team member's own address (docs/design.md §10): an invitation, a password reset. */

/**
 * The mailed link carries its token in the URL fragment, which browsers never send to a server
 * (so it stays out of access logs); the payload's `link`, which the admin's notification log shows,
 * is the page without the token.
 */
const tokenless = (ctx: MessageContext, page: string, payload: MessagePayload): MessagePayload => ({
  ...payload,
  link: `${ctx.origin}${page}`,
  sms: '',
});

const linkTo = (origin: string, page: string, token: string) => `${origin}${page}#token=${token}`;

/** The invitation's link with its token, as the e-mail carries it (handed over when no mail goes out). */
export const invitationLinkOf = (origin: string, token: string) =>
  linkTo(origin, PAGE_PATHS.acceptInvitation, token);

export const invitationMessage = defineMessage(
  'team_invitation',
  (
    ctx: MessageContext,
    facts: {
      dealerName: string;
      name: string;
      role: TeamRole;
      /** The owner who invited, by name; null: the marketplace's team. */
      invitedBy: string | null;
      token: string;
    },
  ): MessagePayload => {
    const payload = compose(ctx, {
      subject: `Join ${facts.dealerName} on ${ctx.brandName}`,
      lines: [
        `Hello ${facts.name},`,
        `${facts.invitedBy ?? `The ${ctx.brandName} team`} invited you to ${facts.dealerName}'s team as ${TEAM_ROLE_LABELS[facts.role].toLowerCase()}.`,
        `Choose a password or add a passkey to sign in. The link works once, for ${INVITATION_HOURS} hours.`,
      ],
      action: 'Accept the invitation',
      path: invitationLinkOf(ctx.origin, facts.token),
      sms: '',
    });
    return tokenless(ctx, PAGE_PATHS.acceptInvitation, payload);
  },
);

export const passwordResetMessage = defineMessage(
  'password_reset',
  (ctx: MessageContext, facts: { name: string; token: string }): MessagePayload => {
    const payload = compose(ctx, {
      subject: 'Reset your password',
      lines: [
        `Hello ${facts.name},`,
        `Someone asked to reset the password of your ${ctx.brandName} account. The link works once, for ${PASSWORD_RESET_MINUTES} minutes.`,
        'If it was not you, ignore this e-mail: your password stays as it is.',
      ],
      action: 'Choose a new password',
      path: linkTo(ctx.origin, PAGE_PATHS.resetPassword, facts.token),
      sms: '',
    });
    return tokenless(ctx, PAGE_PATHS.resetPassword, payload);
  },
);
