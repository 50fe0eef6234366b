import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isConnectionError, toDatabaseError } from './connection-errors.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isConnectionError', () => {
  it.each([
    ['a connection exception (class 08)', withCode('08006')],
    ['a refused connection attempt (08001)', withCode('08001')],
    ['pg_terminate_backend or a fast shutdown (57P01)', withCode('57P01')],
    ['a crash shutdown (57P02)', withCode('57P02')],
    ['a server still starting (57P03)', withCode('57P03')],
    ['a full server (53300)', withCode('53300')],
    ['a refused socket', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1')],
    ['a reset socket', withCode('ECONNRESET')],
    ['a timed-out socket', withCode('ETIMEDOUT')],
    ['an ended socket', new Error('Connection terminated unexpectedly')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    [
      'a client that lost its socket',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a refused dual-stack connect', new AggregateError([withCode('ECONNREFUSED')], 'connect failed')],
    ['a wrapped cause', new Error('Connection failed', { cause: withCode('ECONNRESET') })],
    ['the typed error itself', new DatabaseUnavailableError(new Error('gone'))],
  ])('recognises %s', (_label, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a serialization failure', withCode('40001')],
    ['a syntax error', withCode('42601')],
    ['a query cancelled by statement_timeout', withCode('57014')],
    ['a plain error', new Error('boom')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('leaves %s alone', (_label, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});

describe('toDatabaseError', () => {
  it('wraps connection failures in DatabaseUnavailableError and passes the rest through', () => {
    const refused = withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1');
    const wrapped = toDatabaseError(refused);
    expect(wrapped).toBeInstanceOf(DatabaseUnavailableError);
    expect((wrapped as Error).cause).toBe(refused);
    expect((wrapped as Error).message).toMatch(/ECONNREFUSED/);
    expect(toDatabaseError(wrapped)).toBe(wrapped);
    const unique = withCode('23505');
    expect(toDatabaseError(unique)).toBe(unique);
  });
});
