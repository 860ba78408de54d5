import { type Member, memberSchema, TEAM_ROLES, type TeamRole } from './auth';
import { amountSchema } from './buying';
import { checkoutExtrasSchema } from './delivery';
import { jsonIdSchema } from './ids';
import { reconPackageIdSchema } from './recon-packages';
import { z } from './zod';

/** Roles that may buy and offer, their labels, "Bought by" (contracts/team-roles.ts, without zod for the cards and rows). */
export { BUYING_ROLES, boughtByText, TEAM_ROLE_LABELS } from './team-roles';
/**
 * Dealer teams (issue #20, docs/design.md §10): named members of a dealership with their own sign-in
 * (password or passkey), a role and optional spending limits.
 */
export { type Member, memberSchema, TEAM_ROLES, type TeamRole };

/** NIST 800-63B: a length floor, a sane ceiling, no composition rules. */
export const MIN_MEMBER_PASSWORD = 12;
export const MAX_MEMBER_PASSWORD = 200;
export const INVITATION_HOURS = 72;
export const PASSWORD_RESET_MINUTES = 15;

export const TEAM_TEXT = {
  invalidSignIn: 'Invalid e-mail or password',
  passkeyFailed: 'That passkey could not be verified',
  passwordTooShort: `Use at least ${MIN_MEMBER_PASSWORD} characters`,
  passwordTooLong: `Use at most ${MAX_MEMBER_PASSWORD} characters`,
  linkInvalid: 'This link is invalid, expired or already used',
  needPasswordOrPasskey: 'Set a password or add a passkey',
  emailTaken: 'This e-mail already belongs to a team member',
  /** Accepting an invitation with an address that is active in another dealership's team. */
  emailActiveElsewhere:
    'This e-mail already belongs to another dealership’s team. Ask its owner to remove you first, or ask to be invited with another address.',
  ownersOnly: 'Only the dealership’s owner can manage the team',
  membersOnly: 'Sign in with your own team account for this',
  buyerGone: 'This buyer is no longer on the dealership’s team',
  viewerCannotBuy: 'Your role (viewer) cannot buy or make offers',
  ownerSettings: 'Only the dealership’s owner can change these settings',
  viewerReadOnly: 'Your role (viewer) can look at the dashboard, not change it',
  noActiveCode: 'Your dealership has no active buy code. Please contact us.',
  /** A team member buys with their own code (docs/design.md §11). */
  noOwnCode: 'You have no active buy code of your own. Please contact us for one.',
  viewersHoldNoCodes: 'A viewer cannot hold a buy code; choose a buyer or an owner',
  notYourself: 'You cannot change or remove yourself',
  resetSent: 'If that e-mail belongs to a team member, a reset link is on its way.',
  currentPasswordWrong: 'Your current password is not correct',
  rotateInactiveCode: 'This code is no longer active; only an active code can be replaced',
  codeDeactivated: 'Code deactivated. Anyone signed in with it has been signed out.',
  codeRotated: 'New code made. Only its holder sees it, on their dashboard; the old one no longer works.',
} as const;

/** "This is over your per-vehicle limit of $20,000" (contracts/deal-total.ts, with the rule that says it). */
export { limitText } from './deal-total';

const emailSchema = z
  .string({ error: 'Please enter a valid email' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email').max(254, 'Please enter a valid email'));
export const newPasswordSchema = z
  .string({ error: TEAM_TEXT.passwordTooShort })
  .min(MIN_MEMBER_PASSWORD, TEAM_TEXT.passwordTooShort)
  .max(MAX_MEMBER_PASSWORD, TEAM_TEXT.passwordTooLong);
/** A link's token: 256 bits in base64url (43 characters). */
const tokenSchema = z
  .string({ error: TEAM_TEXT.linkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, TEAM_TEXT.linkInvalid);
/** A limit in dollars: blank or null = none. */
const limitSchema = z.preprocess((v) => (v === '' ? null : v), amountSchema.nullable());

export const memberSignInBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(MAX_MEMBER_PASSWORD, TEAM_TEXT.invalidSignIn),
});

/** A team member as the owner and the admin see them. */
export const teamMemberSchema = memberSchema.extend({
  status: z.enum(['invited', 'active', 'disabled']),
  hasPassword: z.boolean(),
  passkeys: z.number().int(),
  invitationExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/**
 * An invitation just made or sent again. Without a mail transport nothing is e-mailed, so the
 * answer carries the link (with its token) for the owner or admin to hand over; it is shown once
 * and never stored in the clear (only its hash is).
 */
export const invitedMemberSchema = teamMemberSchema.extend({
  invitationLink: z.string().nullable(),
});
export type InvitedMember = z.infer<typeof invitedMemberSchema>;

export const inviteMemberBodySchema = z.object({
  email: emailSchema,
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  role: z.enum(TEAM_ROLES, { error: 'Choose a role' }),
  perVehicleLimit: limitSchema.optional(),
  perDayLimit: limitSchema.optional(),
});
export type InviteMemberBody = z.input<typeof inviteMemberBodySchema>;
export type InviteMember = z.output<typeof inviteMemberBodySchema>;

export const updateMemberBodySchema = z.object({
  role: z.enum(TEAM_ROLES, { error: 'Choose a role' }),
  perVehicleLimit: limitSchema,
  perDayLimit: limitSchema,
});
export type UpdateMemberBody = z.input<typeof updateMemberBodySchema>;
export type UpdateMember = z.output<typeof updateMemberBodySchema>;

export const tokenBodySchema = z.object({ token: tokenSchema });
export const invitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(TEAM_ROLES),
  dealerName: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** A WebAuthn response as @simplewebauthn/browser hands it over; verified by @simplewebauthn/server. */
const webauthnResponseSchema = z
  .object({ id: z.string().min(1).max(1024), rawId: z.string().max(1024), type: z.literal('public-key') })
  .loose();

export const acceptInvitationBodySchema = z.object({
  token: tokenSchema,
  password: newPasswordSchema.optional(),
  passkey: webauthnResponseSchema.optional(),
});

export const passwordResetRequestBodySchema = z.object({ email: emailSchema });
export const passwordResetBodySchema = z.object({ token: tokenSchema, password: newPasswordSchema });
export const changeMemberPasswordBodySchema = z.object({
  currentPassword: z.string().max(MAX_MEMBER_PASSWORD).optional(),
  newPassword: newPasswordSchema,
});

/** Options for navigator.credentials (JSON form); passed to @simplewebauthn/browser as they are. */
export const webauthnOptionsSchema = z.object({ challenge: z.string() }).loose();
export type WebAuthnOptions = z.infer<typeof webauthnOptionsSchema>;
export const passkeyOptionsBodySchema = z.object({ token: tokenSchema.optional() });
/**
 * Proving it again before adding a credential (docs/decisions/0031-session-strength.md): the member's password, or a passkey
 * they already have (answered to the passkey sign-in options).
 */
export const reauthBodySchema = z
  .object({
    password: z.string().min(1).max(MAX_MEMBER_PASSWORD).optional(),
    passkey: webauthnResponseSchema.optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.passkey === undefined), {
    message: 'Enter your password or use one of your passkeys',
  });
export const reauthResponseSchema = z.object({ until: z.string() });
export const passkeySignInBodySchema = z.object({ response: webauthnResponseSchema });
export const addPasskeyBodySchema = z.object({
  response: webauthnResponseSchema,
  name: z.string().trim().min(1).max(100).optional(),
});
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** Buy Now and Make Offer for a signed-in dealer: the dealership's active code is used. */
export const dealerPurchaseBodySchema = z.object({
  vehicleId: jsonIdSchema('Vehicle not found'),
  reconPackageId: reconPackageIdSchema.optional(),
  /** Certified delivery and a floor-plan line, as with a typed code (docs/design.md §15). */
  ...checkoutExtrasSchema,
});
export const dealerPurchaseResponseSchema = z.object({
  message: z.string(),
  transactionId: z.number().int(),
  buyCode: z.string(),
});
export const dealerOfferBodySchema = z.object({
  vehicleId: jsonIdSchema('Vehicle not found'),
  amount: amountSchema,
  reconPackageId: reconPackageIdSchema.optional(),
});

/** Whether a URL's host is an IP address: browsers refuse passkeys there (WebAuthn needs a domain). */
export const isIpHost = (hostname: string) =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[') || hostname.includes(':');

/**
 * Where passkeys work for a page or server address: the same URL with a loopback IP shown as
 * localhost; null when the host is already a name, or a non-loopback IP (which has no such twin).
 */
export function passkeyReadyUrl(address: string): string | null {
  const url = new URL(address);
  if (!isIpHost(url.hostname)) return null;
  const loopback =
    url.hostname === '[::1]' ||
    url.hostname.startsWith('127.') ||
    url.hostname === '0.0.0.0' ||
    url.hostname === '[::]';
  if (!loopback) return null;
  url.hostname = 'localhost';
  return url.toString().replace(/\/$/, '');
}

/** What a passkey prompt on an IP-address page says instead of the browser's bare SecurityError. */
export function passkeyIpHostText(address: string): string {
  const ready = passkeyReadyUrl(address);
  return ready
    ? `Passkeys don’t work on an IP address. Open ${ready} instead, or sign in with your password.`
    : 'Passkeys don’t work on an IP address. Open this site by its name, or sign in with your password.';
}
