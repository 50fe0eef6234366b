import { createPrng, type Prng } from '../prng.ts';
import { ALWAYS_IN_PLAY, SPORT_PROFILES } from '../sports.ts';
import { SPORTS, type Sport } from '../types.ts';

const ROUND_MS = 5 * 60_000;

/**
 * Start times per sport: a fixed-gap lane for sports that must always be in play, else random
 * gaps within the profile's bounds, rounded to 5 minutes. Each stream has its own PRNG.
 */
export class SportStreams {
  private readonly next = new Map<string, number>();
  private readonly prngs = new Map<string, Prng>();

  constructor(
    seed: string,
    private readonly fromSimMs: number,
  ) {
    for (const { sport, lane } of this.all()) {
      const key = keyOf(sport, lane);
      const prng = createPrng(`${seed}:schedule:${key}`);
      this.prngs.set(key, prng);
      this.next.set(key, roundUp(this.fromSimMs + this.gap(sport, lane, prng) * (lane ? 0 : prng.next())));
    }
  }

  all(): { sport: Sport; lane: boolean }[] {
    return SPORTS.map((sport) => ({ sport, lane: SPORT_PROFILES[sport].laneGapMs !== undefined }));
  }

  mustCover(sport: Sport): boolean {
    return ALWAYS_IN_PLAY.includes(sport);
  }

  peekStart(sport: Sport, lane: boolean): number {
    return this.next.get(keyOf(sport, lane))!;
  }

  takeStart(sport: Sport, lane: boolean): number {
    const key = keyOf(sport, lane);
    const start = this.next.get(key)!;
    const prng = this.prngs.get(key)!;
    this.next.set(key, roundUp(start + this.gap(sport, lane, prng)));
    return start;
  }

  private gap(sport: Sport, lane: boolean, prng: Prng): number {
    const profile = SPORT_PROFILES[sport];
    if (lane) return profile.laneGapMs!;
    return profile.gapMinMs + prng.next() * (profile.gapMaxMs - profile.gapMinMs);
  }
}

function keyOf(sport: Sport, lane: boolean): string {
  return lane ? `${sport}:lane` : sport;
}

function roundUp(simMs: number): number {
  return Math.ceil(simMs / ROUND_MS) * ROUND_MS;
}
