import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('zod configuration', () => {
  it('compiles the object parsers on Node, which has no CSP', async () => {
    const compiled: string[] = [];
    const RealFunction = Function;
    vi.stubGlobal('Function', function recorded(...args: string[]) {
      compiled.push(args.join(', '));
      return new RealFunction(...args);
    });
    vi.resetModules();
    const contracts = await import('./index.ts');
    expect(contracts.loginRequestSchema.parse({ email: 'A@B.io', password: 'x' }).email).toBe('a@b.io');
    expect(compiled).not.toEqual([]);
  });

  it('builds and parses every schema in the browser without `new Function`, which a strict CSP refuses', async () => {
    const compiled: string[] = [];
    vi.stubGlobal('Function', function refused(...args: string[]) {
      compiled.push(args.join(', '));
      throw new EvalError("Refused to evaluate a string as JavaScript: 'unsafe-eval' is not allowed");
    });
    // A browser has no Node `process`: a copy without its Node version stands in for one here.
    vi.stubGlobal('process', { ...process, versions: { ...process.versions, node: undefined } });
    vi.resetModules();
    const contracts = await import('./index.ts');
    expect(contracts.loginRequestSchema.parse({ email: 'A@B.io', password: 'x' }).email).toBe('a@b.io');
    expect(contracts.stakeButtonsSchema.safeParse(contracts.defaultStakeButtons()).success).toBe(true);
    expect(contracts.statementQuerySchema.parse({}).pageSize).toBe(10);
    expect(compiled).toEqual([]);
  });
});

describe('idSchema', () => {
  it('accepts a UUID in any letter case and answers it in lower case', async () => {
    const { idSchema, playerIdParamsSchema } = await import('./index.ts');
    const upper = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
    expect(idSchema.parse(upper)).toBe(upper.toLowerCase());
    expect(playerIdParamsSchema.parse({ id: upper }).id).toBe(upper.toLowerCase());
    expect(playerIdParamsSchema.safeParse({ id: 'not-an-id' }).error?.issues[0]?.message).toMatch(
      /player id/,
    );
  });
});
