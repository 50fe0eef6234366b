import type { Prng } from '../prng.ts';
import { toPpm } from '../ppm.ts';
import type { MarketDef, Runner } from '../types.ts';
import { byRunner, matchOdds, type MatchModel, type ModelInput, type ModelSink } from './model.ts';
import { TennisMarkov } from './tennis-markov.ts';

/** Pacing: ~40 s a point, 90 s at odd-game changeovers, 120 s between sets. */
export const TENNIS_TIMING = { pointMs: 40_000, changeoverMs: 90_000, setBreakMs: 120_000 };
/** ATP tour players win ~64% of points on serve; the spread sets how uneven a pairing can be. */
export const SERVE_WIN_MEAN = 0.64;
const SERVE_WIN_SPREAD = 0.05;
const POINT_NAMES = ['0', '15', '30', '40'];

type Side = 0 | 1;
const other = (side: Side): Side => (side === 0 ? 1 : 0);

/** Tennis point by point, best of 3, tiebreak at 6-6 (decision record 0113). */
export function createTennis(input: ModelInput): MatchModel {
  return new TennisMatch(input);
}

class TennisMatch implements MatchModel {
  readonly inPlayAllowed = true;
  readonly markets: readonly MarketDef[];
  private readonly prng: Prng;
  private readonly players: readonly [Runner, Runner];
  private readonly serve: readonly [number, number];
  private readonly markov: TennisMarkov;
  private readonly market: MarketDef;
  private readonly sets: [number, number] = [0, 0];
  private readonly setScores: string[] = [];
  private readonly games: [number, number] = [0, 0];
  private readonly points: [number, number] = [0, 0];
  private server: Side;
  private tiebreakFirstServer: Side = 0;
  private elapsedMs = TENNIS_TIMING.pointMs;
  private suspended = false;
  private done = false;

  constructor({ fixtureId, competitors, prng }: ModelInput) {
    this.prng = prng;
    this.players = competitors as [Runner, Runner];
    const edge = (prng.next() - 0.5) * 2 * SERVE_WIN_SPREAD;
    this.serve = [SERVE_WIN_MEAN + edge / 2, SERVE_WIN_MEAN - edge / 2];
    this.markov = new TennisMarkov(this.serve[0], this.serve[1]);
    this.market = matchOdds(fixtureId, this.players);
    this.markets = [this.market];
    this.server = prng.next() < 0.5 ? 0 : 1;
  }

  preMatch(sink: ModelSink): void {
    this.publish(sink);
  }

  nextStepOffsetMs(): number | null {
    return this.done ? null : this.elapsedMs;
  }

  step(sink: ModelSink): void {
    if (this.suspended) sink.resume(this.market.id);
    this.suspended = false;
    const tiebreak = this.inTiebreak();
    const pointServer = tiebreak ? this.tiebreakServer() : this.server;
    const winner = this.prng.next() < this.serve[pointServer] ? pointServer : other(pointServer);
    this.points[winner] += 1;
    const [mine, theirs] = [this.points[winner], this.points[other(winner)]];
    const gameOver = mine >= (tiebreak ? 7 : 4) && mine - theirs >= 2;
    let lastEvent = gameOver ? this.winGame(winner) : '';
    this.elapsedMs += TENNIS_TIMING.pointMs;
    if (this.sets[winner] === 2) return this.finish(sink, winner);
    if (this.breakPoint()) {
      // Key moment: the market stops until the break point has been played.
      lastEvent = 'BREAK_POINT';
      this.suspended = true;
      sink.suspend(this.market.id, 'BREAK_POINT');
    }
    this.publishScore(sink, lastEvent);
    this.publish(sink);
  }

  private inTiebreak(): boolean {
    return this.games[0] === 6 && this.games[1] === 6;
  }

  private tiebreakServer(): Side {
    const played = this.points[0] + this.points[1];
    const firstServerServes = Math.floor((played + 1) / 2) % 2 === 0;
    return firstServerServes ? this.tiebreakFirstServer : other(this.tiebreakFirstServer);
  }

  private breakPoint(): boolean {
    if (this.inTiebreak()) return false;
    const receiver = other(this.server);
    return this.points[receiver] >= 3 && this.points[receiver] > this.points[this.server];
  }

  private winGame(winner: Side): string {
    const tiebreak = this.inTiebreak();
    this.games[winner] += 1;
    this.points[0] = this.points[1] = 0;
    const setWon = this.games[winner] === 7 || (this.games[winner] === 6 && this.games[other(winner)] <= 4);
    // After a tiebreak the player who received first in it serves the next set's first game.
    this.server = tiebreak ? other(this.tiebreakFirstServer) : other(this.server);
    if (this.inTiebreak()) this.tiebreakFirstServer = this.server;
    if (!setWon) {
      const changeover = (this.games[0] + this.games[1]) % 2 === 1;
      this.elapsedMs += changeover ? TENNIS_TIMING.changeoverMs : 0;
      return 'GAME';
    }
    this.sets[winner] += 1;
    this.setScores.push(`${this.games[0]}-${this.games[1]}`);
    this.games[0] = this.games[1] = 0;
    this.elapsedMs += TENNIS_TIMING.setBreakMs;
    return 'SET';
  }

  private publish(sink: ModelSink): void {
    const [pointsA, pointsB] = this.points;
    const setA = this.inTiebreak()
      ? this.markov.tiebreak(pointsA, pointsB, this.tiebreakFirstServer === 0)
      : this.markov.setInGame(this.games[0], this.games[1], this.server === 0, pointsA, pointsB);
    const chanceA = this.markov.match(this.sets[0], this.sets[1], setA);
    sink.prices({ [this.market.id]: byRunner(this.market.runners, toPpm([chanceA, 1 - chanceA])) });
  }

  private publishScore(sink: ModelSink, lastEvent: string): void {
    const summary =
      [...this.setScores, `${this.games[0]}-${this.games[1]}`].join(' ') + ` (${this.gameText()})`;
    sink.score({ summary, values: [...this.sets], period: `Set ${this.setScores.length + 1}`, lastEvent });
  }

  private gameText(): string {
    const [a, b] = this.points;
    if (this.inTiebreak()) return `${a}-${b}`;
    if (a >= 3 && b >= 3) return a === b ? '40-40' : a > b ? 'AD-40' : '40-AD';
    return `${POINT_NAMES[a]}-${POINT_NAMES[b]}`;
  }

  private finish(sink: ModelSink, winner: Side): void {
    this.publishScore(sink, 'MATCH');
    sink.suspend(this.market.id, 'SCORE');
    sink.result(this.market.id, { kind: 'WINNER', winnerRunnerId: this.players[winner].id });
    this.done = true;
  }
}
