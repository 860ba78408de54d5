import { SESSION_REFUSALS, SESSION_TEXT } from '@contracts/auth';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-client';
import { isCodeSession, mayManageIdentity, sessionRefusalOf } from './session-proof';

const member = {
  id: 1,
  email: 'rita@route9motors.example',
  name: 'Rita Buyer',
  role: 'buyer' as const,
  perVehicleLimit: null,
  perDayLimit: null,
};

describe('session proof', () => {
  it('a named member signed in by name + code manages no identity; a password, passkey or invitation does', () => {
    expect(isCodeSession({ member, proof: 'code' })).toBe(true);
    expect(mayManageIdentity({ member, proof: 'code' })).toBe(false);
    for (const proof of ['password', 'passkey', 'invitation'] as const) {
      expect(isCodeSession({ member, proof })).toBe(false);
      expect(mayManageIdentity({ member, proof })).toBe(true);
    }
    // The spec's dealership sign-in (no team) has no member: neither notice nor identity actions.
    expect(isCodeSession({ member: null, proof: 'code' })).toBe(false);
    expect(mayManageIdentity({ member: null, proof: 'password' })).toBe(false);
    expect(mayManageIdentity(null)).toBe(false);
  });

  it('reads the reason of a 403 that more proof would lift, and nothing else', () => {
    const refused = (reason: string, status = 403) =>
      new ApiError(status, SESSION_TEXT.reauthenticate, { message: SESSION_TEXT.reauthenticate, reason });
    expect(sessionRefusalOf(refused(SESSION_REFUSALS.reauthenticationRequired))).toBe(
      'reauthentication_required',
    );
    expect(sessionRefusalOf(refused(SESSION_REFUSALS.identityProofRequired))).toBe('identity_proof_required');
    expect(sessionRefusalOf(refused(SESSION_REFUSALS.reauthenticationRequired, 401))).toBeNull();
    expect(sessionRefusalOf(refused('BUY_CODE_DEACTIVATED'))).toBeNull();
    expect(sessionRefusalOf(new ApiError(403, 'You do not have access to this'))).toBeNull();
    expect(sessionRefusalOf(new TypeError('Failed to fetch'))).toBeNull();
  });
});
