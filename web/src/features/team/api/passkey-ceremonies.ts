import type { WebAuthnOptions } from '@contracts/teams';
import { isIpHost, passkeyIpHostText } from '@contracts/teams';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's side of a passkey ceremony (WebAuthn, through @simplewebauthn/browser, loaded only
 * when a passkey button is pressed): the server's options in, the authenticator's response out.
 * The response carries no secret; the server verifies it against the challenge it issued.
 */
export async function createPasskey(options: WebAuthnOptions) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return response as unknown as Record<string, unknown> & { id: string; rawId: string; type: 'public-key' };
}

export async function signWithPasskey(options: WebAuthnOptions) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return response as unknown as Record<string, unknown> & { id: string; rawId: string; type: 'public-key' };
}

/** What to tell a person whose passkey prompt was cancelled or failed. */
export const passkeyErrorText = (error: unknown) =>
  // On an IP address the browser refuses every passkey (a SecurityError): say where they work.
  isIpHost(window.location.hostname)
    ? passkeyIpHostText(window.location.href.replace(/[?#].*$/, ''))
    : error instanceof Error && error.name === 'NotAllowedError'
      ? 'The passkey prompt was closed or timed out. Please try again.'
      : error instanceof Error
        ? error.message
        : 'The passkey could not be used';
