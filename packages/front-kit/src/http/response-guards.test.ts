import { errorResponseSchema } from '@backlay/contracts';
import { describe, expect, it } from 'vitest';
import { guard, isFields, readErrorResponse } from './response-guards.ts';

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
    const named = guard((value) => (isFields(value) && typeof value.name === 'string' ? value.name : null));
    expect(named.safeParse({ name: 'Ann' })).toEqual({ success: true, data: 'Ann' });
    expect(named.safeParse({ id: 1 })).toEqual({ success: false });
    expect(named.safeParse(['Ann'])).toEqual({ success: false });
  });
});
