import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address';

describe('addressKey', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped IPv6', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts IPv6 by its /64, however the address is written', () => {
    const key = '2001:db8:0:1::/64';
    expect(addressKey('2001:db8:0:1::1')).toBe(key);
    expect(addressKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:DB8::1:0:0:0:2')).toBe(key);
    expect(addressKey('2001:db8:0:1:0:0:192.0.2.1')).toBe(key);
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8:0:2::1')).not.toBe(key);
  });
});
