import { describe, expect, it } from 'vitest';
import {
  CAROUSEL_INTERVAL_MS,
  SLIDE_COUNT,
  SWIPE_THRESHOLD_PX,
  isRotating,
  swipeStep,
  wrapIndex,
} from './carousel-logic.ts';

describe('carousel logic', () => {
  it('uses the spec constants', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(5000);
    expect(SWIPE_THRESHOLD_PX).toBe(40);
    expect(SLIDE_COUNT).toBe(3);
  });

  it('wraps indexes both ways', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(4, 3)).toBe(1);
    expect(wrapIndex(1, 0)).toBe(0);
  });

  it('swipes only at 40 px or more', () => {
    expect(swipeStep(200, 161)).toBe(0);
    expect(swipeStep(200, 160)).toBe(1);
    expect(swipeStep(100, 139)).toBe(0);
    expect(swipeStep(100, 140)).toBe(-1);
    expect(swipeStep(100, 100)).toBe(0);
  });

  it('rotates only while neither Pause, a hovering mouse nor keyboard focus holds it', () => {
    expect(isRotating({ paused: false, hovered: false, focused: false })).toBe(true);
    expect(isRotating({ paused: true, hovered: false, focused: false })).toBe(false);
    expect(isRotating({ paused: false, hovered: true, focused: false })).toBe(false);
    expect(isRotating({ paused: false, hovered: false, focused: true })).toBe(false);
  });
});
