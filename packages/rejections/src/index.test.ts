import { describe, expect, it } from 'vitest';
import { HttpError, httpStatusOf, ok, reject, rejectionsFrom, unwrap, type RejectionKind } from './index.ts';

describe('rejections', () => {
  it('gives every kind its HTTP status', () => {
    const kinds: RejectionKind[] = ['invalid', 'unauthorized', 'forbidden', 'not_found', 'conflict'];
    expect(kinds.map(httpStatusOf)).toEqual([400, 401, 403, 404, 409]);
    const otherKinds: RejectionKind[] = ['unprocessable', 'rate_limited', 'unavailable'];
    expect(otherKinds.map(httpStatusOf)).toEqual([422, 429, 503]);
  });

  it('unwraps a value, and throws a rejection as the HttpError the handler answers', () => {
    expect(unwrap(ok(7))).toBe(7);
    const thrown = (() => {
      try {
        unwrap(reject('rate_limited', 'SLOW_DOWN', 'Too many requests.', 3));
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({
      statusCode: 429,
      code: 'SLOW_DOWN',
      message: 'Too many requests.',
      retryAfterSeconds: 3,
    });
  });

  it('leaves retryAfterSeconds out unless given', () => {
    expect(reject('conflict', 'TAKEN', 'Taken.')).toEqual({
      ok: false,
      kind: 'conflict',
      code: 'TAKEN',
      message: 'Taken.',
    });
  });

  it('reads a module table, with a message that says more where given', () => {
    const refuse = rejectionsFrom({ GONE: { kind: 'not_found', message: 'There is no such thing.' } });
    expect(refuse('GONE')).toEqual({
      ok: false,
      kind: 'not_found',
      code: 'GONE',
      message: 'There is no such thing.',
    });
    expect(refuse('GONE', 'Game 7 is gone.').message).toBe('Game 7 is gone.');
  });
});
