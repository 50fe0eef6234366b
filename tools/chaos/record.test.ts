import { describe, expect, it } from 'vitest';
import { causes, classify, classifyCallback, countOutcomes, type Sent } from './record.ts';

// What is judged rests on these: only 2xx and 4xx are checked against the database (checks.ts).
describe('classify', () => {
  it.each([
    [{ status: 201, body: '{}' }, { outcome: '2xx' }],
    [
      { status: 409, body: '{"code":"MARKET_CLOSED"}' },
      { outcome: '4xx', detail: '409 MARKET_CLOSED' },
    ],
    [
      { status: 503, body: '<html><h1>503 Service Unavailable</h1></html>' },
      { outcome: '5xx', detail: '503 503 Service Unavailable' },
    ],
    [
      { status: 'unanswered' as const, reason: 'timeout' },
      { outcome: 'unanswered', detail: 'timeout' },
    ],
  ])('names an answer by its status and code, or the page that answered: %j', (answer, expected) => {
    expect(classify(answer)).toEqual(expected);
  });

  it.each([
    ['RS_OK', { outcome: '2xx' }],
    ['RS_ERROR_UNKNOWN', { outcome: '5xx', detail: 'RS_ERROR_UNKNOWN' }],
    ['RS_ERROR_NOT_ENOUGH_MONEY', { outcome: '4xx', detail: 'RS_ERROR_NOT_ENOUGH_MONEY' }],
  ])("reads a casino callback's %s: acknowledged, the wallet failing, or a refusal", (status, expected) => {
    expect(classifyCallback({ status: 200, body: JSON.stringify({ status }) })).toEqual(expected);
  });
});

describe('countOutcomes and causes', () => {
  const request = (outcome: Sent['outcome'], detail?: string): Sent => ({
    product: 'crash',
    key: 'k',
    playerId: 'p',
    busiest: false,
    sentAtMs: 0,
    answeredAtMs: 1,
    outcome,
    ...(detail ? { detail } : {}),
  });
  const requests = [
    request('2xx'),
    request('5xx', '503 UNIT_UNAVAILABLE'),
    request('5xx', '503 UNIT_UNAVAILABLE'),
    request('4xx', '409 TOO_MANY_BETS'),
  ];

  it('counts each outcome and lists what was not a 2xx, most frequent first', () => {
    expect(countOutcomes(requests)).toEqual({ '2xx': 1, '4xx': 1, '5xx': 2, unanswered: 0 });
    expect(causes(requests)).toBe('crash: 503 UNIT_UNAVAILABLE ×2, crash: 409 TOO_MANY_BETS ×1');
  });
});
