import { describe, expect, it } from 'vitest';
import { cancelChange, CONFIRM_DELAY_MS, confirmChange, NO_LIMIT, requestChange } from './limit-changes.ts';

const NOW = 1_800_000_000_000;

describe('limit changes', () => {
  it('applies a new limit and a decrease at once, dropping a pending change', () => {
    const set = requestChange<bigint>(NO_LIMIT, 500n, NOW);
    expect(set).toEqual({ value: 500n, pending: null });
    const raised = requestChange(set, 800n, NOW);
    expect(requestChange(raised, 300n, NOW)).toEqual({ value: 300n, pending: null });
  });

  it('keeps the old limit while an increase or removal waits', () => {
    const limit = { value: 500n, pending: null };
    expect(requestChange(limit, 501n, NOW)).toEqual({
      value: 500n,
      pending: { value: 501n, requestedAtMs: NOW },
    });
    expect(requestChange(limit, null, NOW)).toEqual({
      value: 500n,
      pending: { value: null, requestedAtMs: NOW },
    });
    // The same amount again is no increase: it only drops what was pending.
    expect(requestChange({ value: 500n, pending: { value: 900n, requestedAtMs: NOW } }, 500n, NOW)).toEqual(
      limit,
    );
  });

  it('confirms a pending change only a day after it was asked', () => {
    const waiting = requestChange({ value: 30, pending: null }, 60, NOW);
    expect(confirmChange(waiting, NOW + CONFIRM_DELAY_MS - 1)).toEqual({
      ok: false,
      reason: 'NOT_YET_CONFIRMABLE',
      confirmableAtMs: NOW + CONFIRM_DELAY_MS,
    });
    expect(confirmChange(waiting, NOW + CONFIRM_DELAY_MS)).toEqual({
      ok: true,
      state: { value: 60, pending: null },
    });
    expect(confirmChange({ value: 30, pending: null }, NOW)).toEqual({
      ok: false,
      reason: 'NO_PENDING_CHANGE',
    });
  });

  it('cancels a pending change and keeps the limit', () => {
    expect(cancelChange({ value: 30, pending: { value: null, requestedAtMs: NOW } })).toEqual({
      value: 30,
      pending: null,
    });
  });
});
