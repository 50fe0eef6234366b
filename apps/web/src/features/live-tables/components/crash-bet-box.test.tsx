import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CrashBet, CrashRound } from '@backlay/contracts';
import { CrashBetBox } from './crash-bet-box.tsx';

const round = (status: CrashRound['status']): CrashRound => ({
  id: 9,
  status,
  openedAt: '2026-11-23T12:00:00.000Z',
  closesAt: '2026-11-23T12:00:07.000Z',
  startedAt: '2026-11-23T12:00:07.000Z',
  growthPerMs: 0.00006,
  crashPoint: null,
  crashedAt: null,
  serverSeedHash: 'a'.repeat(64),
  roundHash: null,
  salt: 'b'.repeat(64),
  chainCommitment: 'c'.repeat(64),
  chainIndex: 9,
});

const riding: CrashBet = {
  id: '7d0f0a5e-96b3-4b0e-8a59-5a0f3b8e2c11',
  roundId: 9,
  stake: '100.00',
  autoCashOut: null,
  cashedOutAt: null,
  status: 'OPEN',
  payout: null,
  placedAt: '2026-11-23T12:00:01.000Z',
};

const box = (status: CrashRound['status'], paused: boolean, adopted: CrashBet | null = null) =>
  renderToStaticMarkup(
    <CrashBetBox
      index={1}
      round={round(status)}
      paused={paused}
      multiplier={1.5}
      myBets={adopted ? [adopted] : []}
      quickStakes={[{ label: '100', value: 100 }]}
      adopted={adopted}
      onOwn={() => undefined}
      onChange={() => undefined}
    />,
  );

/** The button with this test id, as rendered: its attributes and its text. */
const button = (markup: string, testId: string) =>
  new RegExp(`<button[^>]*data-testid="${testId}"[^>]*>([^<]*)</button>`).exec(markup);

describe('a crash bet box while the game is paused', () => {
  it('takes no new bet, even while the round in play is still betting', () => {
    const paused = box('BETTING', true);
    const bet = button(paused, 'crash-bet');
    expect(bet?.[0]).toContain('disabled');
    expect(bet?.[1]).toBe('Betting paused');
    expect(paused).toMatch(/<input[^>]*disabled[^>]*data-testid="crash-stake"/);

    const running = button(box('BETTING', false), 'crash-bet');
    expect(running?.[0]).not.toContain('disabled');
    expect(running?.[1]).toBe('Bet');
  });

  it('still cashes out a bet riding in the round in play', () => {
    const cashOut = button(box('RUNNING', true, riding), 'crash-cash-out');
    expect(cashOut?.[0]).not.toContain('disabled');
    expect(cashOut?.[1]).toMatch(/^Cash out /);
  });
});
