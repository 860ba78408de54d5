import { createHash, timingSafeEqual } from 'node:crypto';
import { AUTH_TEXT } from '@contracts/auth';
import { ERROR_CODES } from '@contracts/errors';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings } from '../../db/schema';
import { CredentialRejected } from '../../lib/app-error';
import { createSession } from '../../lib/sessions';
import { verifyPassword } from './passwords';

/** Where the hash of a generated upload password is kept (app_settings). */
export const UPLOAD_PASSWORD_SETTING = 'upload_password_hash';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The shared upload password, checked on the server (docs/design.md §2): against UPLOAD_PASSWORD in
 * constant time, or against the hash generated on first start.
 */
export async function loginStaff(
  db: Database,
  input: { password: string },
  uploadPassword: string | undefined,
) {
  let ok: boolean;
  if (uploadPassword) {
    ok = timingSafeEqual(digest(input.password), digest(uploadPassword));
  } else {
    const [setting] = await db.select().from(appSettings).where(eq(appSettings.key, UPLOAD_PASSWORD_SETTING));
    ok = !!setting && (await verifyPassword(setting.value, input.password));
  }
  if (!ok) throw new CredentialRejected(ERROR_CODES.unauthorized, AUTH_TEXT.incorrectPassword);
  return createSession(db, { role: 'staff', proof: 'staff_password' });
}
