import { describe, expect, it } from 'vitest';
import { clientRefSchema } from '@backlay/contracts';
import { newClientRef } from './client-ref.ts';

describe('client references', () => {
  it('makes client references the contract accepts, different each time', () => {
    const first = newClientRef();
    expect(clientRefSchema.safeParse(first).success).toBe(true);
    expect(newClientRef()).not.toBe(first);
    expect(newClientRef('slip', (bytes) => bytes.fill(255))).toBe(`slip-${'ff'.repeat(16)}`);
  });

  it('names the slip that placed the bet', () => {
    const ref = newClientRef('crash1');
    expect(ref).toMatch(/^crash1-[0-9a-f]{32}$/);
    expect(clientRefSchema.safeParse(ref).success).toBe(true);
  });
});
