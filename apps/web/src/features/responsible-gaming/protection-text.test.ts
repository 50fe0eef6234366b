import { describe, expect, it } from 'vitest';
import { ApiError } from '@backlay/front-kit/api-error';
import { formatDateTime } from '../../lib/dates.ts';
import {
  BREAK_FAILED_TEXT,
  actionText,
  changeStandingText,
  failureText,
  runningBreakEnd,
  standingText,
  type HistoryItem,
} from './protection-text.ts';

const END = '2026-11-28T15:30:00.000Z';
const none = { timedOutUntil: null, excludedUntil: null, reopenRequestedAt: null };

describe('actionText', () => {
  it('words every change the server records', () => {
    expect(actionText('time-out')).toBe('Took a break');
    expect(actionText('self-exclusion 6m')).toBe('Self-exclusion for 6 months');
    expect(actionText('self-exclusion 1y')).toBe('Self-exclusion for 1 year');
    expect(actionText('self-exclusion 5y')).toBe('Self-exclusion for 5 years');
    expect(actionText('reopen request')).toBe('Asked to reopen the account');
    expect(actionText('limit loss day')).toBe('Changed the daily loss limit');
    expect(actionText('confirm session limit')).toBe('Confirmed the session limit change');
    expect(actionText('reality check')).toBe('Changed the reality check');
  });

  it('shows an action it does not know as sent', () => {
    expect(actionText('self-exclusion 9y')).toBe('self-exclusion 9y');
    expect(actionText('limit change')).toBe('limit change');
  });
});

describe('standingText', () => {
  it('says "No break" when nothing was set', () => {
    expect(standingText(none)).toBe('No break');
    expect(standingText(null)).toBe('No break');
  });

  it('names every break held, in local time', () => {
    expect(standingText({ ...none, timedOutUntil: END })).toBe(`Break until ${formatDateTime(END)}`);
    expect(standingText({ ...none, timedOutUntil: END, excludedUntil: END, reopenRequestedAt: END })).toBe(
      `Break until ${formatDateTime(END)}; Self-excluded until ${formatDateTime(END)}; ` +
        `Reopening asked ${formatDateTime(END)}`,
    );
  });
});

describe('changeStandingText', () => {
  it('words a limit change by its amounts and a break change by its breaks', () => {
    expect(changeStandingText('limit loss day', null)).toBe('No limit');
    expect(changeStandingText('limit loss day', { amount: null, pending: null })).toBe('No limit');
    expect(changeStandingText('reality check', { minutes: 30 })).toBe('Every 30 minutes');
    expect(changeStandingText('time-out', null)).toBe('No break');
    expect(changeStandingText('time-out', { ...none, timedOutUntil: END })).toBe(
      `Break until ${formatDateTime(END)}`,
    );
  });
});

describe('runningBreakEnd', () => {
  const item = (after: HistoryItem['after']): HistoryItem => ({
    at: '2026-11-27T15:30:00.000Z',
    action: 'time-out',
    before: none,
    after,
  });

  it("reads the newest change's break while it runs", () => {
    const now = new Date('2026-11-27T16:00:00Z');
    expect(runningBreakEnd([item({ ...none, timedOutUntil: END }), item(none)], now)).toBe(END);
  });

  it('looks past changes to limits and the reality check, which do not record the breaks', () => {
    const now = new Date('2026-11-27T16:00:00Z');
    const limitChange = { ...item({ amount: '50.00', pending: null }), action: 'limit loss day' };
    const intervalChange = { ...item({ minutes: 15 }), action: 'reality check' };
    expect(runningBreakEnd([limitChange, intervalChange, item({ ...none, timedOutUntil: END })], now)).toBe(
      END,
    );
  });

  it('finds none once it has ended, or with no history', () => {
    expect(runningBreakEnd([item({ ...none, timedOutUntil: END })], new Date(END))).toBeNull();
    expect(runningBreakEnd([], new Date(END))).toBeNull();
  });
});

describe('failureText', () => {
  it("shows the server's words for a refusal it explains", () => {
    const wrong = new ApiError(403, 'The password is not right.', 'Forbidden', 'WRONG_PASSWORD');
    expect(failureText(wrong, BREAK_FAILED_TEXT)).toBe('The password is not right.');
  });

  it('falls back for server failures, silent answers and lost connections', () => {
    expect(failureText(new ApiError(500, 'boom', ''), BREAK_FAILED_TEXT)).toBe(BREAK_FAILED_TEXT);
    expect(failureText(new ApiError(409, null, 'Conflict'), BREAK_FAILED_TEXT)).toBe(BREAK_FAILED_TEXT);
    expect(failureText(new TypeError('Failed to fetch'), BREAK_FAILED_TEXT)).toBe(BREAK_FAILED_TEXT);
  });
});
