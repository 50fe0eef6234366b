import { describe, expect, it } from 'vitest';
import { readStreamMessage } from './stream-topic.ts';

describe('readStreamMessage', () => {
  it('reads ready, snapshots and updates, and nothing else', () => {
    expect(readStreamMessage('{"ready":true}')).toBe('ready');
    expect(
      readStreamMessage(
        JSON.stringify({
          type: 'admin-bets',
          kind: 'admin-bets',
          seq: 7,
          snapshot: true,
          data: { bets: [] },
        }),
      ),
    ).toEqual({ kind: 'admin-bets', seq: 7, snapshot: true, data: { bets: [] } });
    expect(readStreamMessage(JSON.stringify({ kind: 'admin-exposures', seq: 8, data: null }))).toEqual({
      kind: 'admin-exposures',
      seq: 8,
      snapshot: false,
      data: null,
    });
    expect(
      readStreamMessage(JSON.stringify({ error: 'no', code: 'FORBIDDEN', kind: 'admin-bets' })),
    ).toBeNull();
    expect(readStreamMessage(JSON.stringify({ unsubscribed: 'admin-bets' }))).toBeNull();
    expect(readStreamMessage(JSON.stringify({ kind: 'admin-bets', seq: 1 }))).toBeNull();
    expect(readStreamMessage('null')).toBeNull();
    expect(readStreamMessage('not json')).toBeNull();
  });
});
