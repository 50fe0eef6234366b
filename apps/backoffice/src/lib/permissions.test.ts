import { describe, expect, it } from 'vitest';
import { roleMay } from './permissions.ts';

describe('roleMay', () => {
  it('gives the cash desk to support and owners, trading to traders and owners, staff to owners', () => {
    expect(
      ['owner', 'trader', 'support', 'viewer'].map((role) => roleMay(role as never, 'playerDesk')),
    ).toEqual([true, false, true, false]);
    expect(roleMay('trader', 'trading')).toBe(true);
    expect(roleMay('support', 'trading')).toBe(false);
    expect(roleMay('trader', 'staff')).toBe(false);
    expect(roleMay('owner', 'staff')).toBe(true);
  });

  it('lets a viewer, or nobody signed in, change nothing', () => {
    for (const capability of ['playerDesk', 'trading', 'staff'] as const) {
      expect(roleMay('viewer', capability)).toBe(false);
      expect(roleMay(undefined, capability)).toBe(false);
    }
  });
});
