import { BUY_CODE_LENGTH } from './limits';
import { z } from './zod';

/** Texts of the sign-in flows (spec §5, §8), verbatim. */
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

/** Session lifetimes (DESIGN.md §2). */
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

/** Roles of a dealership's team member (DESIGN.md §10, contracts/teams.ts). */
export const TEAM_ROLES = ['owner', 'buyer', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

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
