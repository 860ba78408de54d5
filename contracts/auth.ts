import { BUY_CODE_LENGTH } from './limits';
import { TEAM_ROLES, type TeamRole } from './team-roles';
import { z } from './zod';

/** Texts of the sign-in flows (docs/product.md §5, §8), verbatim. */
export const AUTH_TEXT = {
  invalidEmail: 'Please enter a valid email',
  notAdmin: 'Not authorized as admin',
  invalidCredentials: 'Invalid credentials',
  loginFailed: 'Login failed',
  loggedInAdmin: 'Logged in as admin',
  loggedInDealer: 'Logged in successfully',
  dealerNameRequired: 'Dealer name is required',
  buyCodeLength: 'Buy code must be 4 characters',
  incorrectPassword: 'Incorrect password',
  passwordVerified: 'Password verified. You can now upload vehicles.',
  passwordRequired: 'Password is required',
} as const;

export const SESSION_ROLES = ['admin', 'staff', 'dealer'] as const;
export type SessionRole = (typeof SESSION_ROLES)[number];

/**
 * How a session was proven (docs/decisions/0031-session-strength.md). A 'code'
 * session (dealer name + a 4-character buy code) buys, offers and reads within its holder's role
 * and limits; managing identity (passkeys, password, team, invitations, codes) needs a password,
 * passkey or invitation-link session, and adding a credential asks for the password or a passkey
 * again (`reauthenticatedAt` within REAUTH_WINDOW_MS).
 */
export const SESSION_PROOFS = ['password', 'passkey', 'invitation', 'code', 'staff_password'] as const;
export type SessionProof = (typeof SESSION_PROOFS)[number];
/** The proofs a session must rest on to manage identity. */
export const IDENTITY_PROOFS: readonly SessionProof[] = ['password', 'passkey', 'invitation'];
/** How long a fresh proof (password or passkey asked again) lets a session add a credential. */
export const REAUTH_WINDOW_MS = 5 * 60_000;

/** The `reason` beside a 403 that more proof would lift (the web asks for it instead of failing). */
export const SESSION_REFUSALS = {
  identityProofRequired: 'identity_proof_required',
  reauthenticationRequired: 'reauthentication_required',
} as const;

/** What a session may do, said to the person (the dashboard and the refusals share them). */
export const SESSION_TEXT = {
  codeSessionLimits:
    'You signed in with a buy code: you can buy, make offers and read the dashboard. Sign in with your e-mail and password or a passkey to manage your account or your team.',
  needsIdentityProof:
    'Sign in with your e-mail and password or a passkey to do this. A buy code lets you buy, make offers and read the dashboard.',
  reauthenticate: 'Confirm it is you: enter your password or use one of your passkeys',
  reauthenticated: 'Confirmed. You can add a passkey or set a password for the next 5 minutes.',
} as const;

/** Session lifetimes (docs/design.md §2). */
export const SESSION_TTL_MS: Record<SessionRole, number> = {
  admin: 8 * 3600_000,
  staff: 12 * 3600_000,
  dealer: 7 * 24 * 3600_000,
};

const MAX_PASSWORD = 200;

export const adminLoginBodySchema = z.object({
  email: z.string().trim().pipe(z.email(AUTH_TEXT.invalidEmail).max(254, AUTH_TEXT.invalidEmail)),
  password: z.string().min(1, AUTH_TEXT.passwordRequired).max(MAX_PASSWORD, AUTH_TEXT.invalidCredentials),
});
export type AdminLoginBody = z.infer<typeof adminLoginBodySchema>;

export const adminLoginResponseSchema = z.object({ token: z.string(), email: z.string() });
export const adminCheckResponseSchema = z.object({ authorized: z.boolean() });

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, AUTH_TEXT.passwordRequired).max(MAX_PASSWORD),
  newPassword: z
    .string()
    .min(10, 'The new password must be at least 10 characters')
    .max(MAX_PASSWORD, 'The new password is too long'),
});

/** Buy codes are matched case-insensitively: trimmed and upper-cased before anything else. */
export const buyCodeSchema = z
  .string({ error: AUTH_TEXT.buyCodeLength })
  .trim()
  .toUpperCase()
  .length(BUY_CODE_LENGTH, AUTH_TEXT.buyCodeLength);

export const dealerLoginBodySchema = z.object({
  dealerName: z
    .string({ error: AUTH_TEXT.dealerNameRequired })
    .trim()
    .min(1, AUTH_TEXT.dealerNameRequired)
    .max(200),
  buyCode: buyCodeSchema,
});
export type DealerLoginBody = z.infer<typeof dealerLoginBodySchema>;

/** Roles of a dealership's team member (docs/design.md §10, contracts/teams.ts). */
export { TEAM_ROLES, type TeamRole };
/** What a link mailed to a member is for: an invitation (72 h) or a password reset (15 min). */
export const MEMBER_TOKEN_PURPOSES = ['invitation', 'password_reset'] as const;
export type MemberTokenPurpose = (typeof MEMBER_TOKEN_PURPOSES)[number];
/** What a WebAuthn challenge is for: registering a passkey, or signing in with one. */
export const PASSKEY_CHALLENGE_PURPOSES = ['register', 'sign_in'] as const;
export type PasskeyChallengePurpose = (typeof PASSKEY_CHALLENGE_PURPOSES)[number];

/** A named team member as they see themselves. */
export const memberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(TEAM_ROLES),
  perVehicleLimit: z.string().nullable(),
  perDayLimit: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/** What a signed-in dealer sees of itself; `member` is the named person when one signed in. */
export const dealerInfoSchema = z.object({
  id: z.number().int(),
  dealerName: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  member: memberSchema.nullable().optional(),
  /** How this session was proven; what it may do follows (SESSION_PROOFS). */
  proof: z.enum(SESSION_PROOFS).optional(),
});
export type DealerInfo = z.infer<typeof dealerInfoSchema>;

export const staffLoginBodySchema = z.object({
  password: z
    .string({ error: AUTH_TEXT.passwordRequired })
    .min(1, AUTH_TEXT.passwordRequired)
    .max(MAX_PASSWORD),
});
export type StaffLoginBody = z.infer<typeof staffLoginBodySchema>;
export const staffMeResponseSchema = z.object({ authorized: z.literal(true), expiresAt: z.string() });
export type StaffMeResponse = z.infer<typeof staffMeResponseSchema>;
