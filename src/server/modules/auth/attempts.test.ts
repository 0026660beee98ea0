import { describe, expect, it } from 'vitest';
import { accountKey, addressKey } from './attempts';

describe('login attempt keys', () => {
  it('keys accounts case-insensitively', () => {
    expect(accountKey('Admin')).toBe(accountKey('admin'));
  });

  it('keys IPv4 by address, also when IPv4-mapped', () => {
    expect(addressKey('192.0.2.7')).toBe('address:192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('address:192.0.2.7');
  });

  it('keys IPv6 by its /64, whatever the notation', () => {
    const key = 'address:2001:db8:0:1::/64';
    expect(addressKey('2001:db8:0:1::1')).toBe(key);
    expect(addressKey('2001:0db8:0000:0001:ffff:1:2:3')).toBe(key);
    expect(addressKey('2001:DB8:0:1:a::')).toBe(key);
    expect(addressKey('2001:db8::1')).toBe('address:2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('address:0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('address:fe80:0:0:0::/64');
  });
});
