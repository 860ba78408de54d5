import { randomBytes } from 'node:crypto';
import { argon2Hash, argon2Verify } from '../../lib/argon2-thread';

// argon2id with the library's defaults (memory 19 MiB, 2 passes), the OWASP baseline, on its own
// thread so hashing never waits in front of file reads (lib/argon2-thread.ts).
export const hashPassword = (password: string) => argon2Hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon2Verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A random password that is easy to copy from a terminal: 16 characters of base64url. */
export const generatePassword = () => randomBytes(12).toString('base64url');

let decoyHash: Promise<string> | null = null;
/**
 * A real hash to verify against when the account has none (or does not exist), so a miss takes as
 * long as a wrong password and timing does not tell which e-mails have accounts.
 */
export const decoyPasswordHash = () => {
  decoyHash ??= hashPassword('decoy-password-never-matches');
  return decoyHash;
};
