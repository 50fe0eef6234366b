import { afterEach, describe, expect, it } from 'vitest';
import { dice, formatHundredths, keno, limbo, mines, plinko, sha256Hex, verify, wheel } from '@backlay/fair';
import { startCasino, type Harness } from '../test/casino-harness.ts';

let casino: Harness;
afterEach(() => casino?.close());

const seeds = { serverSeed: 'server seed', clientSeed: 'client seed', nonce: 1 };
const query = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();

async function verifyGet(fields: Record<string, string | number>) {
  const response = await casino.app.inject({ method: 'GET', url: `/fair/verify?${query(fields)}` });
  return { status: response.statusCode, body: response.json() };
}

function value<T>(result: { ok: true; value: T } | { ok: false; code: string }): T {
  if (!result.ok) throw new Error(result.code);
  return result.value;
}

describe('GET /fair/verify', () => {
  it('answers dice and limbo as two-decimal numbers equal to the fair package', async () => {
    casino = await startCasino();
    const diceAnswer = await verifyGet({ game: 'dice', ...seeds });
    expect(diceAnswer).toEqual({ status: 200, body: { game: 'dice', result: '74.67' } });
    expect(diceAnswer.body.result).toBe(formatHundredths(value(dice(seeds)).rollHundredths));
    const limboAnswer = await verifyGet({ game: 'limbo', ...seeds, nonce: 3 });
    expect(limboAnswer.body).toEqual({ game: 'limbo', result: '4.28' });
    expect(value(limbo({ ...seeds, nonce: 3 })).multiplierHundredths).toBe(428);
  });

  it('answers mines 1–25, keno 1–40, plinko L/R, wheel segment and hilo card codes', async () => {
    casino = await startCasino();
    expect((await verifyGet({ game: 'mines', ...seeds, mines: 3 })).body).toEqual({
      game: 'mines',
      result: [19, 16, 6],
    });
    expect(value(mines(seeds, { mines: 3 })).mines).toEqual([18, 15, 5]);
    const kenoAnswer = await verifyGet({ game: 'keno', ...seeds, nonce: 2 });
    expect(kenoAnswer.body.result).toEqual(value(keno({ ...seeds, nonce: 2 })).numbers);
    expect(kenoAnswer.body.result).toHaveLength(10);
    const plinkoAnswer = await verifyGet({ game: 'plinko', ...seeds, rows: 16, risk: 'low' });
    const drop = value(plinko(seeds, { rows: 16, risk: 'low' }));
    expect(plinkoAnswer.body).toEqual({
      game: 'plinko',
      result: drop.path,
      slot: drop.slot,
      multiplier: '1.40',
    });
    expect(plinkoAnswer.body.result).toMatch(/^[LR]{16}$/);
    const wheelAnswer = await verifyGet({ game: 'wheel', ...seeds, segments: 10, risk: 'low' });
    expect(wheelAnswer.body).toEqual({
      game: 'wheel',
      result: value(wheel(seeds, { segments: 10, risk: 'low' })).segment,
      multiplier: '1.20',
    });
    const hilo = await verifyGet({ game: 'hilo', ...seeds, count: 4 });
    expect(hilo.body).toEqual({ game: 'hilo', result: ['JS', 'TH', '5H', 'KC'] });
  });

  it('answers tower, slot and crash (hash and salt) as the fair package does', async () => {
    casino = await startCasino();
    const tower = await verifyGet({ game: 'tower', ...seeds, difficulty: 'medium' });
    expect(tower.body).toEqual(value(verify('tower', { ...seeds, nonce: '1', difficulty: 'medium' })));
    const slot = await verifyGet({ game: 'slot', ...seeds, title: 'fruit-fives' });
    expect(slot.body).toEqual(value(verify('slot', { ...seeds, nonce: '1', title: 'fruit-fives' })));
    const hash = sha256Hex('round hash');
    const crash = await verifyGet({ game: 'crash', hash, salt: 'public salt' });
    expect(crash.status).toBe(200);
    expect(crash.body).toEqual(value(verify('crash', { hash, salt: 'public salt' })));
    expect(crash.body.result).toMatch(/^\d+\.\d{2}$/);
  });

  it('lists every game the aggregator plays with the settings each one takes', async () => {
    casino = await startCasino();
    const response = await casino.app.inject({ method: 'GET', url: '/fair/verify/games' });
    expect(response.statusCode).toBe(200);
    const games = (
      response.json() as { games: { game: string; group: string; fields: { name: string }[] }[] }
    ).games;
    expect(games.map((form) => form.game)).toEqual([
      ...[
        'dice',
        'limbo',
        'mines',
        'plinko',
        'keno',
        'wheel',
        'hilo',
        'tower',
        'slot',
        'instant-crash',
        'crash',
      ],
      ...['roulette', 'sic-bo', 'lottery', 'baccarat', 'dragon-tiger', 'andar-bahar', 'teen-patti', 'poker'],
      ...['blackjack', 'bingo', 'fishing', 'shootout', 'cricket', 'goal-call'],
    ]);
    expect(games.find((form) => form.game === 'lottery')).toMatchObject({
      group: 'house',
      fields: [{ name: 'numbers' }, { name: 'picks' }],
    });
  });

  it('refuses malformed input with 400 and a message, never 500', async () => {
    casino = await startCasino();
    const bad: [Record<string, string | number>, string][] = [
      [{ game: 'dice', clientSeed: 'c', nonce: 1 }, 'INVALID_SERVER_SEED'],
      [{ game: 'dice', ...seeds, serverSeed: 'x'.repeat(257) }, 'INVALID_SERVER_SEED'],
      [{ game: 'dice', ...seeds, nonce: -1 }, 'INVALID_NONCE'],
      [{ game: 'dice', ...seeds, nonce: '1e3' }, 'INVALID_NONCE'],
      [{ game: 'mines', ...seeds, mines: 25 }, 'INVALID_MINES'],
      [{ game: 'plinko', ...seeds, rows: 7, risk: 'low' }, 'INVALID_ROWS'],
      [{ game: 'crash', hash: 'zz', salt: 's' }, 'INVALID_HASH'],
      [{ game: 'craps', ...seeds }, 'INVALID_GAME'],
      [{ game: 'roulette', ...seeds, serverSeed: '' }, 'INVALID_SERVER_SEED'],
      [{ game: 'cricket', ...seeds, balls: 2 }, 'INVALID_BALLS'],
      [{ game: 'dice', ...seeds, serverSeed: 'nul\u0000seed' }, 'INVALID_REQUEST'],
    ];
    for (const [fields, code] of bad) {
      const answer = await verifyGet(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body).toEqual({ message: expect.any(String), code });
    }
  });
});
