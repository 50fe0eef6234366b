import { describe, expect, it } from 'vitest';
import { buildHeaders, requestBody } from './api-client.ts';

describe('api client', () => {
  it('sends JSON headers and the bearer token', () => {
    expect(buildHeaders('tok')).toEqual({
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Authorization: 'Bearer tok',
    });
    expect(buildHeaders(null)).not.toHaveProperty('Authorization');
  });

  it('sends an empty JSON object for a bodiless POST', () => {
    expect(requestBody('POST', undefined)).toBe('{}');
    expect(requestBody('PUT', { a: 1 })).toBe('{"a":1}');
    expect(requestBody('GET', undefined)).toBeUndefined();
  });
});
