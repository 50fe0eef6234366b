import { describe, expect, it } from 'vitest';
import { ApiError } from '@backlay/front-kit/api-error';
import { connectionLines, failureText } from './connection-lines.ts';

describe('connectionLines', () => {
  it('points identity and API at the origin and the stream at its host', () => {
    expect(connectionLines('https://bets.example.com')).toEqual([
      'trading.identity_uri = "https://bets.example.com/betfair/identity/"',
      'trading.api_uri = "https://bets.example.com/betfair/exchange/"',
      'BetfairStream.HOSTS["backlay"] = "bets.example.com"',
      'BetfairStream._BetfairStream__port = 8443',
    ]);
  });

  it('keeps a port on the origin, drops it from the stream host, and takes the stream port given', () => {
    const lines = connectionLines('http://127.0.0.1:8390/', 9443);
    expect(lines[0]).toBe('trading.identity_uri = "http://127.0.0.1:8390/betfair/identity/"');
    expect(lines[2]).toBe('BetfairStream.HOSTS["backlay"] = "127.0.0.1"');
    expect(lines[3]).toBe('BetfairStream._BetfairStream__port = 9443');
  });
});

describe('failureText', () => {
  it("shows the server's message for a 4xx and the fallback otherwise", () => {
    const limit = new ApiError(409, 'You can hold at most 10 app keys.', 'Conflict', 'TOO_MANY_APP_KEYS');
    expect(failureText(limit, 'fallback')).toBe('You can hold at most 10 app keys.');
    expect(failureText(new ApiError(503, 'down', 'Unavailable', null), 'fallback')).toBe('fallback');
    expect(failureText(new Error('x'), 'fallback')).toBe('fallback');
  });
});
