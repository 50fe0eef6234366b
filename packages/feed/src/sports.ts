import { MODEL_BY_SPORT } from './models/registry.ts';
import type { ModelFactory } from './models/model.ts';
import type { CompetitorKind } from './names.ts';
import type { Sport } from './types.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * How each sport is scheduled and named (decision record 0110). `laneGapMs` sports run a lane of
 * fixtures at a fixed gap shorter than a typical match, so one is nearly always in play (the
 * simulator adds a fixture at once in the rare gap); others get a fixture every
 * `gapMinMs..gapMaxMs`, and the maximum gap keeps at least two within any 48 h.
 */
export interface SportProfile {
  readonly model: ModelFactory;
  readonly competitions: readonly string[];
  readonly kind: CompetitorKind;
  readonly teamSuffixes: readonly string[];
  /** Field size range for races and outrights; two-sided sports use [2, 2]. */
  readonly field: readonly [number, number];
  readonly laneGapMs?: number;
  readonly gapMinMs: number;
  readonly gapMaxMs: number;
}

type Naming = Pick<SportProfile, 'competitions' | 'kind' | 'teamSuffixes' | 'field'>;
type Timing = Pick<SportProfile, 'laneGapMs' | 'gapMinMs' | 'gapMaxMs'>;

const teams = (competitions: string[], teamSuffixes: string[]): Naming => ({
  competitions,
  kind: 'team',
  teamSuffixes,
  field: [2, 2],
});
const people = (...competitions: string[]): Naming => ({
  competitions,
  kind: 'person',
  teamSuffixes: [],
  field: [2, 2],
});
const field = (kind: CompetitorKind, low: number, high: number, ...competitions: string[]): Naming => ({
  competitions,
  kind,
  teamSuffixes: [],
  field: [low, high],
});
const every = (minHours: number, maxHours: number): Timing => ({
  gapMinMs: minHours * HOUR_MS,
  gapMaxMs: maxHours * HOUR_MS,
});
const lane = (gapMinutes: number): Timing => ({
  laneGapMs: gapMinutes * MINUTE_MS,
  ...every(gapMinutes / 60, gapMinutes / 60),
});

const PROFILES: Readonly<Record<Sport, Naming & Timing>> = {
  cricket: {
    ...teams(
      ['Coastal T20 League', 'Premier T20 Cup', 'Island T20 Series'],
      ['Strikers', 'Royals', 'Titans'],
    ),
    ...lane(150),
  },
  football: {
    ...teams(
      ['Northern Premier Division', 'Continental Cup', 'Coastal League One'],
      ['FC', 'United', 'Rovers'],
    ),
    ...lane(105),
  },
  tennis: { ...people('Harbour Open', 'Valley Masters', 'Summit Challenger'), ...lane(75) },
  'horse-racing': { ...field('horse', 6, 10, 'Eskford Park', 'Dunholm Downs', 'Wynmouth'), ...every(1, 3) },
  'greyhound-racing': { ...field('dog', 6, 8, 'Kelburn Stadium', 'Rosgate Track'), ...every(0.5, 2) },
  politics: {
    ...field(
      'party',
      3,
      6,
      'Norland General Election',
      'Valmark Assembly Election',
      'Calport Mayoral Election',
    ),
    ...every(8, 16),
  },
  'table-tennis': { ...people('Pro Table Tennis Series'), ...every(2, 8) },
  badminton: { ...people('Open Badminton Tour'), ...every(3, 10) },
  esoccer: { ...teams(['eSoccer Battle 12 min', 'eSoccer Pro League'], ['eFC', 'Gaming']), ...every(1, 4) },
  basketball: { ...teams(['Continental Basketball League'], ['Hawks', 'Giants', 'Storm']), ...every(3, 10) },
  volleyball: { ...teams(['Volley Super League'], ['VC', 'Volley']), ...every(3, 10) },
  snooker: { ...people('Grand Snooker Classic'), ...every(3, 10) },
  'ice-hockey': { ...teams(['Northern Ice League'], ['Wolves', 'Bears', 'Blades']), ...every(3, 10) },
  'american-football': {
    ...teams(['Gridiron Premier League'], ['Rams', 'Pioneers', 'Thunder']),
    ...every(4, 12),
  },
  baseball: { ...teams(['Diamond League'], ['Sox', 'Mariners', 'Cardinals']), ...every(3, 10) },
  boxing: { ...people('Fight Night Championship'), ...every(6, 16) },
  darts: { ...people('Darts Premier Series'), ...every(3, 10) },
  golf: { ...people('Links Match Play'), ...every(6, 16) },
  'mixed-martial-arts': { ...people('Cage Fighting Series'), ...every(6, 16) },
  'motor-sport': { ...field('person', 8, 10, 'Grand Prix Series'), ...every(6, 16) },
  'rugby-league': { ...teams(['Rugby League Championship'], ['Rhinos', 'Sharks']), ...every(4, 12) },
  'rugby-union': { ...teams(['Rugby Union Premiership'], ['RFC', 'Lions']), ...every(4, 12) },
};

export const SPORT_PROFILES: Readonly<Record<Sport, SportProfile>> = Object.fromEntries(
  Object.entries(PROFILES).map(([sport, profile]) => [
    sport,
    { ...profile, model: MODEL_BY_SPORT[sport as Sport] },
  ]),
) as Record<Sport, SportProfile>;

/** Sports that must always have a fixture in play and at least six within the next 48 h. */
export const ALWAYS_IN_PLAY: readonly Sport[] = ['cricket', 'football', 'tennis'];
