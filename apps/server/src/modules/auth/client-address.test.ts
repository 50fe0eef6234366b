import { describe, expect, it } from 'vitest';
import { throttleAddress } from './client-address.ts';

describe('throttleAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:0042:1000:8a2e:370:7334', '2001:db8:85a3:42::/64'],
    ['2001:DB8:85A3:42::1', '2001:db8:85a3:42::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:0:0:ffff::9', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    ['not-an-address', 'not-an-address'],
  ])('keys %s as %s', (ip, key) => {
    expect(throttleAddress(ip)).toBe(key);
  });

  it('puts every address of one /64 under one key', () => {
    expect(throttleAddress('2001:db8:1:2:aaaa::1')).toBe(throttleAddress('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(throttleAddress('2001:db8:1:2::1')).not.toBe(throttleAddress('2001:db8:1:3::1'));
  });
});
