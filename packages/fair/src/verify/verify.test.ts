import { describe, expect, it } from 'vitest';
import { verify } from './verify.ts';

const demo = { serverSeed: 'server seed', clientSeed: 'client seed', nonce: '1' };

describe('verify', () => {
  it('answers each game in the form the public calculator shows', () => {
    expect(verify('dice', demo)).toEqual({ ok: true, value: { game: 'dice', result: '74.67' } });
    expect(verify('limbo', { ...demo, nonce: '2' })).toEqual({
      ok: true,
      value: { game: 'limbo', result: '1.83' },
    });
    expect(verify('mines', { ...demo, mines: '3' })).toEqual({
      ok: true,
      value: { game: 'mines', result: [19, 16, 6] },
    });
    expect(verify('keno', demo)).toEqual({
      ok: true,
      value: { game: 'keno', result: [30, 26, 10, 37, 22, 35, 25, 24, 39, 4] },
    });
    expect(verify('plinko', { ...demo, rows: '8', risk: 'low' })).toEqual({
      ok: true,
      value: { game: 'plinko', result: 'RRLRRRRR', slot: 7, multiplier: '2.10' },
    });
    expect(verify('wheel', { ...demo, segments: '10', risk: 'low' })).toEqual({
      ok: true,
      value: { game: 'wheel', result: 7, multiplier: '1.20' },
    });
    expect(verify('hilo', { ...demo, count: '3' })).toEqual({
      ok: true,
      value: { game: 'hilo', result: ['JS', 'TH', '5H'] },
    });
    const crash = verify('crash', {
      hash: 'b4e7b335045da0a2666145980d03ed440a2e150e5369c72c7e6e24aeeb95f791',
      salt: '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4',
    });
    expect(crash).toEqual({ ok: true, value: { game: 'crash', result: '2.56', multiplierHundredths: 256 } });
  });

  it('answers tower, slot and instant crash', () => {
    const towerAnswer = verify('tower', { ...demo, difficulty: 'hard' });
    expect(
      towerAnswer.ok && (towerAnswer.value.result as number[][]).every((safe) => safe.length === 1),
    ).toBe(true);
    const slotAnswer = verify('slot', { ...demo, title: 'gem-vault' });
    expect(slotAnswer.ok && slotAnswer.value.multiplier).toMatch(/^\d+\.\d\d$/);
    const instant = verify('instant-crash', demo);
    expect(instant.ok && instant.value.result).toMatch(/^\d+\.\d\d$/);
    expect(
      verify('hilo', demo).ok && (verify('hilo', demo) as { value: { result: string[] } }).value.result,
    ).toHaveLength(52);
  });

  it('turns bad fields into codes, never exceptions', () => {
    const cases: [string, Record<string, string | undefined>, string][] = [
      ['roulette', demo, 'INVALID_GAME'],
      ['dice', { ...demo, serverSeed: undefined }, 'INVALID_SERVER_SEED'],
      ['dice', { ...demo, clientSeed: '' }, 'INVALID_CLIENT_SEED'],
      ['dice', { ...demo, nonce: '-1' }, 'INVALID_NONCE'],
      ['dice', { ...demo, nonce: '1.5' }, 'INVALID_NONCE'],
      ['dice', { ...demo, nonce: '99999999999999999' }, 'INVALID_NONCE'],
      ['dice', { ...demo, serverSeed: 'x'.repeat(257) }, 'INVALID_SERVER_SEED'],
      ['mines', demo, 'INVALID_MINES'],
      ['mines', { ...demo, mines: '25' }, 'INVALID_MINES'],
      ['mines', { ...demo, mines: '3e0' }, 'INVALID_MINES'],
      ['plinko', { ...demo, rows: '17', risk: 'low' }, 'INVALID_ROWS'],
      ['plinko', { ...demo, rows: '8', risk: 'extreme' }, 'INVALID_RISK'],
      ['plinko', { ...demo, rows: '8' }, 'INVALID_RISK'],
      ['wheel', { ...demo, segments: '15', risk: 'low' }, 'INVALID_SEGMENTS'],
      ['hilo', { ...demo, count: '53' }, 'INVALID_COUNT'],
      ['tower', { ...demo, difficulty: 'toString' }, 'INVALID_DIFFICULTY'],
      ['slot', demo, 'INVALID_TITLE'],
      ['crash', { hash: 'abc', salt: 's' }, 'INVALID_HASH'],
      ['crash', { hash: 'a'.repeat(64) }, 'INVALID_SALT'],
    ];
    for (const [game, fields, code] of cases) expect(verify(game, fields)).toEqual({ ok: false, code });
  });
});
