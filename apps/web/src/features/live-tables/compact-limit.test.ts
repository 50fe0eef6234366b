import { describe, expect, it } from 'vitest';
import { compactLimit } from './compact-limit.ts';

describe('compact market limits', () => {
  it('writes whole thousands as K', () => {
    expect(compactLimit('25000.00')).toBe('25K');
    expect(compactLimit('20000.00')).toBe('20K');
    expect(compactLimit('50.00')).toBe('50.00');
    expect(compactLimit('1500.00')).toBe('1500.00');
  });
});
