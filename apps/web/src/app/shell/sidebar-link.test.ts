import { describe, expect, it } from 'vitest';
import { isCurrentLink } from './sidebar-link.tsx';

describe('isCurrentLink', () => {
  it('marks the link of the current path', () => {
    expect(isCurrentLink('/cricket', '/cricket')).toBe(true);
  });

  it('ignores case and a trailing slash, as the router matches', () => {
    expect(isCurrentLink('/Cricket/', '/cricket')).toBe(true);
  });

  it('marks a link whose page is an ancestor of the current path', () => {
    expect(isCurrentLink('/cricket/123', '/cricket')).toBe(true);
  });

  it('does not mark a link whose path only shares a prefix', () => {
    expect(isCurrentLink('/cricket-live', '/cricket')).toBe(false);
    expect(isCurrentLink('/home', '/cricket')).toBe(false);
  });
});
