import { describe, expect, it } from 'vitest';
import { isIpHost, passkeyIpHostText, passkeyReadyUrl } from './teams';

describe('passkeys on an IP-address origin explain themselves', () => {
  it('knows IP hosts from names', () => {
    expect(isIpHost('127.0.0.1')).toBe(true);
    expect(isIpHost('192.168.1.20')).toBe(true);
    expect(isIpHost('[::1]')).toBe(true);
    expect(isIpHost('localhost')).toBe(false);
    expect(isIpHost('dealers.example.com')).toBe(false);
  });

  it('turns a loopback address into the localhost URL where passkeys work, keeping port and path', () => {
    expect(passkeyReadyUrl('http://127.0.0.1:3000')).toBe('http://localhost:3000');
    expect(passkeyReadyUrl('http://0.0.0.0:8080')).toBe('http://localhost:8080');
    expect(passkeyReadyUrl('http://[::1]:3000/dealer/sign-in')).toBe('http://localhost:3000/dealer/sign-in');
    expect(passkeyReadyUrl('http://localhost:3000')).toBeNull();
    expect(passkeyReadyUrl('http://192.168.1.20:3000')).toBeNull();
  });

  it('says so in words a dealer can act on', () => {
    expect(passkeyIpHostText('http://127.0.0.1:3000/dealer/sign-in')).toBe(
      'Passkeys don’t work on an IP address. Open http://localhost:3000/dealer/sign-in instead, or sign in with your password.',
    );
    expect(passkeyIpHostText('http://192.168.1.20:3000/dealer/sign-in')).toBe(
      'Passkeys don’t work on an IP address. Open this site by its name, or sign in with your password.',
    );
  });
});
