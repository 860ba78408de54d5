import { AUTH_TEXT } from '@contracts/auth';
import { ERROR_CODES } from '@contracts/errors';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminUsers } from '../../db/schema';
import { CredentialRejected } from '../../lib/app-error';
import { createSession, revokeSubjectSessions } from '../../lib/sessions';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';

/** E-mail on the allow-list (case-insensitive) and the right password open an 8-hour admin session. */
export async function loginAdmin(db: Database, input: { email: string; password: string }) {
  const email = input.email.trim().toLowerCase();
  const [admin] = await db
    .select()
    .from(adminUsers)
    .where(eq(sql`lower(${adminUsers.email})`, email));
  if (!admin) throw new CredentialRejected(ERROR_CODES.forbidden, AUTH_TEXT.notAdmin);
  const ok = await verifyPassword(admin.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!ok || !admin.passwordHash)
    throw new CredentialRejected(ERROR_CODES.unauthorized, AUTH_TEXT.invalidCredentials);
  const session = await createSession(db, { role: 'admin', subjectId: admin.id, proof: 'password' });
  return { admin: { id: admin.id, email: admin.email }, session };
}

/**
 * An admin changes their own password: every other session of theirs ends (whoever else had the
 * password is out; docs/decisions/0031-session-strength.md); the one making the change stays.
 */
export async function changeAdminPassword(
  db: Database,
  adminId: number,
  input: { currentPassword: string; newPassword: string },
  keepTokens: string[],
) {
  const [admin] = await db.select().from(adminUsers).where(eq(adminUsers.id, adminId));
  if (!admin?.passwordHash || !(await verifyPassword(admin.passwordHash, input.currentPassword))) {
    throw new CredentialRejected(ERROR_CODES.unauthorized, 'Your current password is not correct');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(adminUsers).set({ passwordHash }).where(eq(adminUsers.id, adminId));
    await revokeSubjectSessions(tx, 'admin', adminId, keepTokens);
  });
}
