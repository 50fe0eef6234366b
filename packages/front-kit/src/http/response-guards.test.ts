import { errorResponseSchema } from '@backlay/contracts';
import { describe, expect, it } from 'vitest';
import { guard, readErrorResponse } from './response-guards.ts';

const errorSamples: unknown[] = [
  { message: 'm' },
  { message: 'm', code: 'RATE_LIMITED' },
  { message: 'm', code: undefined },
  { message: 'm', code: 5 },
  { message: 1 },
  { code: 'X' },
  'text',
  null,
];

describe('readErrorResponse', () => {
  it.each(errorSamples.map((sample) => [JSON.stringify(sample), sample]))(
    'agrees with the contract on %s',
    (_, sample) => {
      const parsed = errorResponseSchema.safeParse(sample);
      expect(readErrorResponse(sample)).toEqual(parsed.success ? parsed.data : null);
    },
  );
});

describe('guard', () => {
  it('answers in the safeParse form the client validates with', () => {
    const errorGuard = guard(readErrorResponse);
    expect(errorGuard.safeParse({ message: 'm' })).toEqual({ success: true, data: { message: 'm' } });
    expect(errorGuard.safeParse({ code: 'X' })).toEqual({ success: false });
  });
});
