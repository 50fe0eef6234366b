import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { opaqueGameId } from '@backlay/catalogue';
import { launchGame, startCasino, TOKEN, type Harness } from '../test/casino-harness.ts';

let casino: Harness;
afterEach(() => casino?.close());

const ROUTES = [
  '/api/session',
  '/api/session/play',
  '/api/session/action',
  '/api/session/seeds/client',
  '/api/session/seeds/rotate',
  '/operator/launch',
];

describe('hostile input', () => {
  it('never answers 5xx and never moves money for malformed bodies on any route', async () => {
    casino = await startCasino();
    await launchGame(casino, opaqueGameId('jili', 'Mines'));
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom('\u0000', '-1', '1e308', '9'.repeat(40), TOKEN, 'reveal', 'cashout'),
      fc.integer(),
      fc.double(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 5 }),
    );
    const body = fc.record(
      {
        token: fc.oneof(fc.constant(TOKEN), fc.string()),
        amount: value,
        params: fc.oneof(fc.dictionary(fc.constantFrom('mines', 'tile', 'target', 'picks'), value), value),
        action: fc.oneof(fc.record({ type: value, tile: value }), value),
        clientSeed: value,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), body, async (url, payload) => {
        const response = await casino.app.inject({ method: 'POST', url, payload });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
        if (response.statusCode >= 400)
          expect(response.json()).toMatchObject({ message: expect.any(String) });
      }),
      { numRuns: 300 },
    );
    const moved = casino.portal.callsOf('bet').length;
    expect(
      casino.portal.callsOf('win').length + casino.portal.callsOf('rollback').length,
    ).toBeLessThanOrEqual(moved);
    expect(casino.store.unfinishedCalls()).toEqual([]);
  });
});
