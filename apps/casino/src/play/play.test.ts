import { afterEach, describe, expect, it } from 'vitest';
import { opaqueGameId } from '@backlay/catalogue';
import { dice, formatHundredths } from '@backlay/fair';
import { launchGame, post, startCasino, TOKEN, type Harness } from '../test/casino-harness.ts';
import { FakePortal } from '../test/fake-portal.ts';

let casino: Harness;
afterEach(() => casino?.close());

/** Launches the SPRIBE "Dice" title (its id follows from its name). */
async function diceTitle(harness: Harness): Promise<string> {
  const id = opaqueGameId('spribe', 'Dice');
  expect((await launchGame(harness, id)).statusCode).toBe(200);
  return id;
}

describe('POST /api/session/play', () => {
  it('sends the bet, draws the roll from the seeds, sends the win and answers the new balance', async () => {
    casino = await startCasino();
    const gameId = await diceTitle(casino);
    const before = await post(casino, '/api/session', { token: TOKEN });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ balance: '1000.00', seeds: { nonce: 0 }, history: [] });
    const played = await post(casino, '/api/session/play', {
      token: TOKEN,
      amount: '10.00',
      params: { target: 5000, direction: 'under' },
    });
    expect(played.status).toBe(200);
    const roll = played.body.outcome.roll as number;
    const won = roll < 5000;
    expect(played.body).toMatchObject({
      payout: won ? '19.80' : '0.00',
      balance: won ? '1009.80' : '990.00',
      round: { status: 'settled', nonce: 0, stake: '10.00', multiplier: won ? '1.98' : '0.00' },
      seeds: { nonce: 1 },
    });
    expect(casino.portal.callsOf('bet')).toEqual([
      expect.objectContaining({ token: TOKEN, amount: '10.00', gameId, roundId: played.body.round.id }),
    ]);
    expect(casino.portal.callsOf('win')).toEqual([
      expect.objectContaining({
        amount: won ? '19.80' : '0.00',
        referenceTransactionId: `${played.body.round.id}-bet`,
      }),
    ]);
    expect(casino.portal.balanceOf(TOKEN)).toBe(played.body.balance);
  });

  it('lets the player verify a round once the seed is rotated away', async () => {
    casino = await startCasino();
    await diceTitle(casino);
    await post(casino, '/api/session/seeds/client', { token: TOKEN, clientSeed: 'my-own-seed' });
    const played = await post(casino, '/api/session/play', {
      token: TOKEN,
      amount: '1.00',
      params: { target: 5000, direction: 'over' },
    });
    expect(played.body.round).toMatchObject({ clientSeed: 'my-own-seed', serverSeed: null });
    const rotated = await post(casino, '/api/session/seeds/rotate', { token: TOKEN });
    expect(rotated.status).toBe(200);
    const revealed = rotated.body.revealed[0];
    expect(revealed).toMatchObject({
      serverSeedHash: played.body.round.serverSeedHash,
      clientSeed: 'my-own-seed',
      betCount: 1,
    });
    const session = await post(casino, '/api/session', { token: TOKEN });
    const round = session.body.history[0];
    expect(round.serverSeed).toBe(revealed.serverSeed);
    const check = await casino.app.inject({ method: 'GET', url: `/fair/verify?${round.verify}` });
    const expected = dice({ serverSeed: revealed.serverSeed, clientSeed: 'my-own-seed', nonce: 0 });
    expect(expected.ok && check.json()).toEqual({
      game: 'dice',
      result: formatHundredths(played.body.outcome.roll),
    });
  });

  it('refuses a bet above the balance with 422 and keeps the nonce', async () => {
    casino = await startCasino({ portal: new FakePortal({ [TOKEN]: '5.00' }) });
    await diceTitle(casino);
    const refused = await post(casino, '/api/session/play', {
      token: TOKEN,
      amount: '10.00',
      params: { target: 5000, direction: 'under' },
    });
    expect(refused).toEqual({
      status: 422,
      body: { message: 'Insufficient balance for this bet.', code: 'INSUFFICIENT_FUNDS' },
    });
    const session = await post(casino, '/api/session', { token: TOKEN });
    expect(session.body).toMatchObject({ seeds: { nonce: 0 }, history: [], balance: '5.00' });
  });

  it('answers 503 and rolls the bet back when the wallet times out', async () => {
    casino = await startCasino();
    await diceTitle(casino);
    casino.portal.failNext('timeout');
    const failed = await post(casino, '/api/session/play', {
      token: TOKEN,
      amount: '10.00',
      params: { target: 5000, direction: 'under' },
    });
    expect(failed).toMatchObject({ status: 503, body: { code: 'WALLET_UNAVAILABLE' } });
    await casino.outbox.runDue();
    expect(casino.portal.callsOf('rollback')).toHaveLength(1);
    expect(casino.portal.balanceOf(TOKEN)).toBe('1000.00');
  });

  it('refuses hostile input with 4xx and moves no money', async () => {
    casino = await startCasino();
    await diceTitle(casino);
    const params = { target: 5000, direction: 'under' };
    const cases: [object, number][] = [
      [{ token: 'unknown-token-0123456789', amount: '1.00', params }, 401],
      [{ token: TOKEN, amount: '1.00\u0000', params }, 400],
      [{ token: TOKEN, amount: '-5', params }, 400],
      [{ token: TOKEN, amount: '0.05', params }, 400],
      [{ token: TOKEN, amount: '1.001', params }, 400],
      [{ token: TOKEN, amount: '9'.repeat(30), params }, 400],
      [{ token: TOKEN, amount: '1.00', params: { target: 9999, direction: 'under' } }, 400],
      [{ token: TOKEN, amount: '1.00', params: { target: 'x' } }, 400],
      [{ token: TOKEN, amount: 12 }, 400],
      [{ token: TOKEN }, 400],
    ];
    for (const [payload, status] of cases) {
      const answer = await post(casino, '/api/session/play', payload);
      expect(answer.status, JSON.stringify(payload)).toBe(status);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect(casino.portal.calls.filter((c) => c.path !== 'balance')).toEqual([]);
  });

  it('serialises 50 plays at once: a few run, the rest get 429, every bet is settled once', async () => {
    casino = await startCasino();
    await diceTitle(casino);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(casino, '/api/session/play', {
          token: TOKEN,
          amount: '1.00',
          params: { target: 5000, direction: 'under' },
        }),
      ),
    );
    const played = answers.filter((answer) => answer.status === 200);
    expect(played.length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    expect(new Set(played.map((answer) => answer.body.round.nonce)).size).toBe(played.length);
    expect(casino.portal.callsOf('bet')).toHaveLength(played.length);
    expect(casino.portal.callsOf('win')).toHaveLength(played.length);
    const paid = played.reduce((sum, answer) => sum + Number(answer.body.payout) * 100 - 100, 0);
    expect(casino.portal.balanceOf(TOKEN)).toBe(((100000 + paid) / 100).toFixed(2));
  });
});
