import { describe, expect, it } from 'vitest';
import { generateFloats, type Seeds } from '@backlay/fair';
import type { SingleEngine } from '../games/engine.ts';
import { boardEngine } from '../games/engines/board.ts';
import { bingoEngine } from '../games/engines/bingo.ts';
import { cardDuelEngine } from '../games/engines/card-duel.ts';
import { cricketEngine } from '../games/engines/cricket.ts';
import { fishingEngine } from '../games/engines/fishing.ts';
import { goalCallEngine } from '../games/engines/goal-call.ts';
import { shootoutEngine } from '../games/engines/shootout.ts';
import { verifyFields } from './verify-routes.ts';

const seeds: Seeds = { serverSeed: 'server seed', clientSeed: 'client seed', nonce: 1 };
const fields = { serverSeed: seeds.serverSeed, clientSeed: seeds.clientSeed, nonce: String(seeds.nonce) };

function verified(game: string, extra: Record<string, string> = {}) {
  const answer = verifyFields({ game, ...fields, ...extra });
  if (!answer.ok) throw new Error(answer.message);
  return answer.value;
}

/** What the engine itself showed the player for a round on the same seeds. */
function played<C, P>(engine: SingleEngine<C, P>, params: P, config: C): Record<string, unknown> {
  const result = engine.play(seeds, params, config);
  if (!result.ok) throw new Error(result.code);
  return result.value.outcome as Record<string, unknown>;
}

describe('verify: the aggregator tables', () => {
  it('recomputes roulette pockets, dice faces and lottery draws as the board engine drew them', () => {
    expect(verified('roulette', { pockets: '37' })).toEqual({ game: 'roulette', result: 27, colour: 'red' });
    expect(verified('roulette')).toEqual(verified('roulette', { pockets: '37' }));
    expect(verified('roulette', { pockets: '13' })).toMatchObject({ result: 9 });
    expect(verified('sic-bo', { dice: '3' })).toEqual({ game: 'sic-bo', result: [5, 4, 2], total: 11 });
    expect(verified('lottery', { numbers: '49', picks: '6' }).result).toEqual([37, 31, 13, 45, 27, 43]);
    const roulette = played(boardEngine, { bet: 'red' }, { variant: 'roulette', pockets: 37 });
    expect(roulette.values).toEqual([27]);
    const lottery = played(boardEngine, { bet: 'number-7' }, { variant: 'lottery', numbers: 49, picks: 6 });
    expect(lottery.values).toEqual([37, 31, 13, 45, 27, 43]);
  });

  it('deals the card tables from the seeded unlimited deck, with the winner and every hand', () => {
    expect(verified('baccarat')).toEqual({
      game: 'baccarat',
      result: 'player',
      hands: { player: ['JS', '5H', '9H'], banker: ['TH', 'KC', 'KH'] },
      detail: { player: 4, banker: 0 },
    });
    expect(verified('dragon-tiger')).toMatchObject({
      result: 'dragon',
      hands: { dragon: ['JS'], tiger: ['TH'] },
    });
    expect(verified('andar-bahar')).toMatchObject({ result: 'andar', detail: { cards: 11 } });
    expect(verified('teen-patti')).toMatchObject({ result: 'b', detail: { a: 'High card', b: 'Pair' } });
    expect(verified('poker', { handSize: '3' }).hands).toEqual({
      player: ['JS', 'TH', '5H'],
      dealer: ['KC', '9H', 'KH'],
    });
    const duel = played(cardDuelEngine, { side: 'player' }, { variant: 'baccarat', handSize: 5 });
    expect(duel).toMatchObject({ winner: 'player', hands: verified('baccarat').hands });
    expect(verified('blackjack', { count: '6' })).toEqual({
      game: 'blackjack',
      result: ['JS', 'TH', '5H', 'KC', '9H', 'KH'],
      player: ['JS', '5H'],
      dealer: ['TH', 'KC'],
    });
  });

  it('recomputes bingo cards and calls, and a fishing shot with its float', () => {
    const bingo = verified('bingo', { cards: '2' });
    const round = played(bingoEngine, { cards: 2 }, { maxCards: 4 });
    expect(bingo).toEqual({ game: 'bingo', result: round.calls, cards: round.cards, lines: round.lines });
    expect((bingo.result as number[]).slice(0, 5)).toEqual([40, 54, 75, 70, 67]);
    const floats = generateFloats(seeds, 1);
    if (!floats.ok) throw new Error(floats.code);
    const float = floats.value[0];
    expect(verified('fishing', { fish: 'shark' })).toEqual({
      game: 'fishing',
      result: 'missed',
      float,
      multiplier: '20.00',
    });
    expect(played(fishingEngine, { fish: 'shark' }, { seats: 4 })).toMatchObject({ caught: false });
  });
});

describe('verify: fantasy games', () => {
  it('shows the keeper zones 1–6, every ball of an over and every attack of a spell', () => {
    expect(verified('shootout', { saves: '3' })).toEqual({ game: 'shootout', result: [5, 4, 2] });
    expect(played(shootoutEngine, { zone: 3, saves: 3 }, {})).toMatchObject({
      covered: [4, 3, 1],
      scored: false,
    });
    expect(verified('cricket', { balls: '6' })).toEqual({
      game: 'cricket',
      result: ['two', 'one', 'dot', 'six', 'one', 'four'],
      runs: 14,
      wickets: 0,
    });
    expect(verified('cricket', { balls: '1' })).toEqual({
      game: 'cricket',
      result: ['two'],
      runs: 2,
      wickets: 0,
    });
    expect(played(cricketEngine, { market: 'runs-14-plus' }, { balls: 6 })).toMatchObject({ won: true });
    expect(verified('goal-call', { attacks: '5' })).toEqual({
      game: 'goal-call',
      result: ['blocked', 'wide', 'saved', 'blocked', 'wide'],
      goals: 0,
    });
    expect(played(goalCallEngine, { market: 'no-goal' }, { attacks: 5 })).toMatchObject({ won: true });
  });
});

describe('verify: refusals', () => {
  it('names the field and what it must be, for seeds and for every setting', () => {
    const refused = (query: Record<string, string>) => {
      const answer = verifyFields(query);
      return answer.ok ? null : { code: answer.code, message: answer.message };
    };
    expect(refused({ game: 'cricket', clientSeed: 'c', nonce: '0' })).toEqual({
      code: 'INVALID_SERVER_SEED',
      message: 'serverSeed is required (1–256 characters).',
    });
    expect(refused({ game: 'bingo', ...fields, serverSeed: 'x'.repeat(257) })?.code).toBe(
      'INVALID_SERVER_SEED',
    );
    expect(refused({ game: 'baccarat', ...fields, nonce: '-1' })?.code).toBe('INVALID_NONCE');
    expect(refused({ game: 'roulette', ...fields, pockets: '1' })).toEqual({
      code: 'INVALID_POCKETS',
      message: 'pockets must be a whole number from 2 to 100.',
    });
    expect(refused({ game: 'poker', ...fields, handSize: '4' })).toEqual({
      code: 'INVALID_HAND_SIZE',
      message: 'handSize must be one of 5, 3.',
    });
    expect(refused({ game: 'lottery', ...fields, numbers: '5', picks: '6' })?.code).toBe('INVALID_PICKS');
    expect(refused({ game: 'fishing', ...fields, fish: 'kraken' })?.code).toBe('INVALID_FISH');
    expect(refused({ game: 'shootout', ...fields, saves: '4' })?.code).toBe('INVALID_SAVES');
    expect(refused({ game: 'goal-call', ...fields, attacks: '1e1' })?.code).toBe('INVALID_ATTACKS');
  });
});
