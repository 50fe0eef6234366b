import type { MatchModel } from '../models/model.ts';
import { competitorName, distinctNames } from '../names.ts';
import { createPrng, type Prng } from '../prng.ts';
import { SPORT_PROFILES } from '../sports.ts';
import type { Fixture, Runner, Sport } from '../types.ts';

export interface BuiltFixture {
  readonly fixture: Fixture;
  readonly model: MatchModel;
  readonly startSimMs: number;
}

/**
 * A fixture, its names and its model from its own PRNG stream (seed + fixture id), so a fixture's
 * whole life is independent of every other fixture's.
 */
export function buildFixture(
  seed: string,
  fixtureId: string,
  sport: Sport,
  startSimMs: number,
  startWallMs: number,
): BuiltFixture {
  const prng: Prng = createPrng(`${seed}:${fixtureId}`);
  const profile = SPORT_PROFILES[sport];
  const suffix = profile.teamSuffixes.length > 0 ? prng.pick(profile.teamSuffixes) : '';
  const fieldSize = prng.int(profile.field[0], profile.field[1]);
  const names = distinctNames(fieldSize, () => competitorName(profile.kind, prng, suffix));
  const competitors: Runner[] = names.map((name, index) => ({
    id: fieldSize === 2 ? (index === 0 ? 'home' : 'away') : `r${index + 1}`,
    name,
  }));
  const competition = prng.pick(profile.competitions);
  const model = profile.model({ fixtureId, sport, competitors, prng });
  const name = fieldSize === 2 ? `${names[0]} v ${names[1]}` : `${competition} ${raceLabel(sport, prng)}`;
  const fixture: Fixture = {
    id: fixtureId,
    sport,
    competition,
    name,
    runners: competitors,
    startMs: startWallMs,
    markets: model.markets,
    inPlayAllowed: model.inPlayAllowed,
  };
  return { fixture, model, startSimMs };
}

function raceLabel(sport: Sport, prng: Prng): string {
  if (sport === 'politics') return 'Winner';
  if (sport === 'motor-sport') return 'Race';
  return `Race ${prng.int(1, 9)} ${prng.int(3, 24) * 100}m`;
}
