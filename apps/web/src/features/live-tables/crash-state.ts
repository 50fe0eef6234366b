import type { CrashBet, CrashPublicBet, CrashRound, CrashState, CrashStream } from '@backlay/contracts';
import type { Received } from './live-table-state.ts';
import { clockOffsetMs } from './server-clock.ts';

export interface LiveCrash {
  round: CrashRound | null;
  lastCrashes: CrashState['lastCrashes'];
  stats: CrashState['stats'];
  /** The round's bets with the streamed cash-outs laid over them. */
  bets: CrashPublicBet[];
  myBets: CrashBet[];
  offsetMs: number;
  /** Held by the operator (docs/decisions/0254): no new bets; bets in the air still cash out. */
  paused: boolean;
}

/**
 * The fetched crash state with the latest stream message laid over it when the server sent that
 * later. The stream carries no bet list, only the latest cash-outs; they are matched to the fetched
 * bets by player and stake.
 */
export function currentCrash(
  fetched: Received<CrashState>,
  streamed: Received<CrashStream> | null,
): LiveCrash {
  const base = fetched.message;
  const newer = streamed !== null && Date.parse(streamed.message.serverTime) >= Date.parse(base.serverTime);
  if (!newer) {
    return {
      ...pick(base),
      bets: base.bets,
      myBets: base.myBets,
      offsetMs: clockOffsetMs(base.serverTime, fetched.receivedAtMs),
      paused: base.paused === true,
    };
  }
  const message = streamed.message;
  const sameRound = message.round?.id === base.round?.id;
  return {
    ...pick(message),
    bets: sameRound ? withCashOuts(base.bets, message.recentCashOuts) : [],
    myBets: sameRound ? base.myBets : [],
    offsetMs: clockOffsetMs(message.serverTime, streamed.receivedAtMs),
    // A stream message from a server that does not say leaves the fetched state's word.
    paused: message.paused ?? base.paused === true,
  };
}

/**
 * The Bet button of a box holding no bet of the round: whether it takes a bet now and what it says.
 * A paused game takes none, even while its round in play is still betting (the page says why).
 */
export function betButton(round: CrashRound | null, paused: boolean): { open: boolean; text: string } {
  if (paused) return { open: false, text: 'Betting paused' };
  if (round?.status === 'BETTING') return { open: true, text: 'Bet' };
  return { open: false, text: 'Wait for the next round' };
}

const pick = (state: CrashState | CrashStream) => ({
  round: state.round,
  lastCrashes: state.lastCrashes,
  stats: state.stats,
});

export function withCashOuts(
  bets: readonly CrashPublicBet[],
  cashOuts: readonly CrashPublicBet[],
): CrashPublicBet[] {
  const result = bets.map((bet) => ({ ...bet }));
  for (const cashOut of cashOuts) {
    const bet = result.find(
      (b) => b.cashedOutAt === null && b.player === cashOut.player && b.stake === cashOut.stake,
    );
    if (bet) Object.assign(bet, { cashedOutAt: cashOut.cashedOutAt, payout: cashOut.payout });
    else result.push({ ...cashOut });
  }
  return result;
}

export type BetView =
  | { state: 'WAITING' | 'RIDING' | 'LOST' | 'VOID' }
  | { state: 'CASHED'; multiplier: number; confirmed: boolean };

/**
 * What a player's bet shows now. An auto target the curve has passed before the crash is shown as
 * cashed out at once (the server settles it at that target); the server's answer confirms it.
 */
export function crashBetView(bet: CrashBet, round: CrashRound | null, multiplier: number): BetView {
  if (bet.status === 'VOID') return { state: 'VOID' };
  if (bet.status === 'CASHED_OUT' && bet.cashedOutAt !== null)
    return { state: 'CASHED', multiplier: bet.cashedOutAt, confirmed: true };
  if (bet.status === 'LOST') return { state: 'LOST' };
  if (!round || round.id !== bet.roundId) return { state: 'WAITING' };
  const crashPoint = round.crashPoint;
  const target = bet.autoCashOut;
  if (target !== null && multiplier >= target && (crashPoint === null || target < crashPoint)) {
    return { state: 'CASHED', multiplier: target, confirmed: false };
  }
  if (round.status === 'CRASHED') return { state: 'LOST' };
  if (round.status === 'VOID') return { state: 'VOID' };
  return { state: round.status === 'RUNNING' ? 'RIDING' : 'WAITING' };
}

/**
 * Which of the player's bets of this round each bet box shows when it has none of its own (after a
 * reload, the server still holds them): the unclaimed ones in the order they were placed.
 */
export function adoptBets(
  myBets: readonly CrashBet[],
  roundId: number | null,
  claimed: readonly (string | null)[],
): (CrashBet | null)[] {
  const ofRound = myBets.filter((bet) => bet.roundId === roundId);
  const owned = (id: string | null) => id !== null && ofRound.some((bet) => bet.id === id);
  const free = ofRound
    .filter((bet) => !claimed.includes(bet.id))
    .sort((a, b) => a.placedAt.localeCompare(b.placedAt));
  return claimed.map((id) => (owned(id) ? null : (free.shift() ?? null)));
}
