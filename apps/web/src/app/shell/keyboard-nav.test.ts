import { describe, expect, it } from 'vitest';
import { menuKeyTarget, trapTabTarget } from './keyboard-nav.ts';

describe('menuKeyTarget', () => {
  it('moves down and up with wrap', () => {
    expect(menuKeyTarget('ArrowDown', 0, 5)).toBe(1);
    expect(menuKeyTarget('ArrowDown', 4, 5)).toBe(0);
    expect(menuKeyTarget('ArrowUp', 1, 5)).toBe(0);
    expect(menuKeyTarget('ArrowUp', 0, 5)).toBe(4);
  });

  it('starts at the ends when nothing is focused yet', () => {
    expect(menuKeyTarget('ArrowDown', -1, 5)).toBe(0);
    expect(menuKeyTarget('ArrowUp', -1, 5)).toBe(4);
  });

  it('jumps with Home and End and ignores other keys', () => {
    expect(menuKeyTarget('Home', 3, 5)).toBe(0);
    expect(menuKeyTarget('End', 0, 5)).toBe(4);
    expect(menuKeyTarget('ArrowLeft', 2, 5)).toBeNull();
    expect(menuKeyTarget('ArrowDown', 0, 0)).toBeNull();
  });
});

describe('trapTabTarget', () => {
  it('wraps from the last item to the first and back', () => {
    expect(trapTabTarget(4, 5, false)).toBe(0);
    expect(trapTabTarget(0, 5, true)).toBe(4);
  });

  it('lets Tab move normally between inner items', () => {
    expect(trapTabTarget(1, 5, false)).toBeNull();
    expect(trapTabTarget(3, 5, true)).toBeNull();
  });

  it('brings focus that escaped back to the nearest end', () => {
    expect(trapTabTarget(-1, 5, false)).toBe(0);
    expect(trapTabTarget(-1, 5, true)).toBe(4);
    expect(trapTabTarget(-1, 0, false)).toBeNull();
  });
});
