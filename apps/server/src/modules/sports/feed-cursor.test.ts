import { describe, expect, it } from 'vitest';
import { MAX_RESUMED_RUN_MS, resumableRun, type FeedCursor } from './feed-cursor.ts';

const cursor: FeedCursor = { seed: 'backlay', speed: 1, originMs: 1_000_000, appliedUntilMs: 2_000_000 };
const settings = { seed: 'backlay', speed: 1 };

describe('which stored run the feed goes on with', () => {
  it('the one made with the same seed and speed', () => {
    expect(resumableRun(cursor, settings, 2_500_000)).toBe(cursor);
    expect(resumableRun(cursor, { ...settings, seed: 'other' }, 2_500_000)).toBeNull();
    expect(resumableRun(cursor, { ...settings, speed: 2 }, 2_500_000)).toBeNull();
    expect(resumableRun(null, settings, 2_500_000)).toBeNull();
  });

  it('not one applied past this clock, nor one too old to catch up quickly', () => {
    expect(resumableRun(cursor, settings, 1_999_999)).toBeNull();
    expect(resumableRun(cursor, settings, cursor.originMs + MAX_RESUMED_RUN_MS)).toBe(cursor);
    expect(resumableRun(cursor, settings, cursor.originMs + MAX_RESUMED_RUN_MS + 1)).toBeNull();
  });
});
