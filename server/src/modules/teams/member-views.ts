import type { TeamMember } from '@contracts/teams';
import type { dealerUsers } from '../../db/schema';
import { toMember } from '../auth/login-dealer';

type MemberRow = typeof dealerUsers.$inferSelect;

/** A member as the owner's team page and the admin's dealer dialog list them. */
export const toTeamMember = (
  row: MemberRow,
  extra: { passkeys: number; invitationExpiresAt: Date | null },
): TeamMember => ({
  ...toMember(row),
  status: row.disabledAt ? 'disabled' : row.acceptedAt ? 'active' : 'invited',
  hasPassword: row.passwordHash !== null,
  passkeys: extra.passkeys,
  invitationExpiresAt: extra.invitationExpiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});
