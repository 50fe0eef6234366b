import { findGame, type CatalogueEntry } from '@backlay/catalogue';
import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  plinkoTable,
  slotTitle,
  TOWER_DIFFICULTIES,
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
  wheelTable,
  type TowerDifficulty,
} from '@backlay/fair';
import type { Family } from './families.ts';
import { boardBets, DICE_FACE_NAMES, type BoardConfig } from './engines/board-bets.ts';
import { BINGO_CALLS, BINGO_PAYS_BY_LINES } from './engines/bingo.ts';
import { DUEL_SIDES } from './engines/card-duel-rules.ts';
import { BALLS, cricketModel } from './engines/cricket.ts';
import { FISH } from './engines/fishing.ts';
import { ATTACKS, goalCallModel } from './engines/goal-call.ts';
import { KENO_PAYTABLES } from './engines/keno-paytable.ts';
import { marketViews } from './engines/prediction.ts';
import { SHOOTOUT_SAVES, shootoutPayHundredths } from './engines/shootout.ts';
import { wheelSegmentsFor } from './engines/wheel.ts';

/** A catalogue title as the aggregator plays it: its engine view, theme and engine settings. */
export type GameDescriptor = {
  readonly gameId: string;
  readonly name: string;
  readonly provider: string;
  readonly category: string;
  readonly engine: string;
  readonly family: Family;
  readonly theme: string;
  readonly config: Record<string, unknown>;
};

type Mapped = { family: Family; config: Record<string, unknown> };

const towerDifficultiesWith = (columns: number): TowerDifficulty[] =>
  (Object.keys(TOWER_DIFFICULTIES) as TowerDifficulty[]).filter(
    (d) => TOWER_DIFFICULTIES[d].columns === columns,
  );

/** Payout tables the pages show before a round: `tables[risk][rows]` and `tables[risk][segments]`. */
const tablesBy = <K extends number>(
  keys: readonly K[],
  risks: readonly string[],
  table: (key: K, risk: never) => unknown,
) =>
  Object.fromEntries(
    risks.map((risk) => [risk, Object.fromEntries(keys.map((key) => [key, table(key, risk as never)]))]),
  );
const PLINKO_TABLES = tablesBy(
  Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, i) => PLINKO_MIN_ROWS + i),
  PLINKO_RISKS,
  plinkoTable,
);
const WHEEL_TABLES = tablesBy(WHEEL_SEGMENTS, WHEEL_RISKS, wheelTable);

function slots(title: string, volatility: string): Mapped {
  const reels = slotTitle(title)!;
  return {
    family: 'slots',
    config: { title, volatility, wild: reels.wild, paytable: reels.paytable, paylines: reels.paylines },
  };
}

function board(config: BoardConfig): Mapped {
  const bets = boardBets(config).map(({ id, label, multiplierHundredths }) => ({
    id,
    label,
    multiplierHundredths,
  }));
  const faces =
    config.variant === 'dice' ? (DICE_FACE_NAMES[config.faces] ?? DICE_FACE_NAMES.pips) : undefined;
  return { family: 'roulette', config: { ...config, bets, ...(faces ? { faceNames: faces } : {}) } };
}

function duel(variant: keyof typeof DUEL_SIDES, handSize: 3 | 5 = 5): Mapped {
  return { family: 'baccarat', config: { variant, handSize, sides: DUEL_SIDES[variant] } };
}

/** Slots play one of the fair package's audited reel sets: the gem set for gem themes and high volatility. */
function slotTitleFor(theme: string, volatility: string): string {
  return theme === 'gems' || volatility === 'high' ? 'gem-vault' : 'fruit-fives';
}

/** The fantasy titles (docs/decisions/0179): their settings and every price the page shows. */
function fantasy(entry: Extract<CatalogueEntry, { engine: 'shootout' | 'cricket' | 'goal-call' }>): Mapped {
  switch (entry.engine) {
    case 'shootout':
      return {
        family: 'shootout',
        config: {
          zones: 6,
          saves: SHOOTOUT_SAVES.map((saves) => ({
            saves,
            multiplierHundredths: shootoutPayHundredths(saves),
          })),
        },
      };
    case 'cricket': {
      const config = { balls: entry.params.balls };
      return {
        family: 'cricket',
        config: { ...config, events: BALLS, markets: marketViews(cricketModel(config)) },
      };
    }
    case 'goal-call': {
      const config = { attacks: goalCallModel({ attacks: entry.params.attacks }).steps };
      return {
        family: 'goal-call',
        config: { ...config, events: ATTACKS, markets: marketViews(goalCallModel(config)) },
      };
    }
  }
}

/** Maps every catalogue engine onto an engine view with settings taken from the title's own params. */
function mapEntry(entry: CatalogueEntry): Mapped {
  switch (entry.engine) {
    case 'slots':
      return slots(slotTitleFor(entry.params.theme, entry.params.volatility), entry.params.volatility);
    case 'dice':
      return { family: 'dice', config: {} };
    case 'limbo':
    case 'crash':
      return { family: entry.engine, config: { maxMultiplierHundredths: entry.params.maxMultiplier * 100 } };
    case 'mines':
      return { family: 'mines', config: { maxMines: Math.min(entry.params.maxMines, 24) } };
    case 'tower':
      return {
        family: 'tower',
        config: {
          levels: Math.min(entry.params.floors, 9),
          difficulties: towerDifficultiesWith(entry.params.columns),
        },
      };
    case 'penalty':
      // Three corners, the keeper covers one (or two): the medium and expert tower layouts.
      return {
        family: 'tower',
        config: { levels: Math.min(entry.params.shots, 9), difficulties: ['medium', 'expert'] },
      };
    case 'hilo':
    case 'rummy':
      return { family: 'hilo', config: {} };
    case 'keno':
      return {
        family: 'keno',
        config: { maxPicks: Math.min(entry.params.maxPicks, 10), paytables: KENO_PAYTABLES },
      };
    case 'plinko':
      return {
        family: 'plinko',
        config: { rows: entry.params.rows, risk: entry.params.risk, tables: PLINKO_TABLES },
      };
    case 'wheel':
      return {
        family: 'wheel',
        config: { segments: wheelSegmentsFor(entry.params.segments), tables: WHEEL_TABLES },
      };
    case 'roulette':
      return board({ variant: 'roulette', pockets: entry.params.pockets });
    case 'sic-bo':
      return board({ variant: 'dice', dice: entry.params.dice, faces: entry.params.faces });
    case 'lottery':
      return board({ variant: 'lottery', numbers: entry.params.numbers, picks: entry.params.picks });
    case 'baccarat':
    case 'dragon-tiger':
    case 'andar-bahar':
    case 'teen-patti':
      return duel(entry.engine);
    case 'poker':
      return duel('poker', entry.params.variant === 'three-card' ? 3 : 5);
    case 'blackjack':
      return { family: 'blackjack', config: { decks: entry.params.decks } };
    case 'bingo':
      return {
        family: 'bingo',
        config: {
          maxCards: Math.max(1, Math.min(entry.params.cards, 4)),
          calls: BINGO_CALLS,
          paysByLines: BINGO_PAYS_BY_LINES,
        },
      };
    case 'fishing':
      return { family: 'fishing', config: { seats: entry.params.seats, fish: FISH } };
    case 'shootout':
    case 'cricket':
    case 'goal-call':
      return fantasy(entry);
  }
}

const cache = new Map<string, GameDescriptor>();

/** The descriptor of a catalogue game id (numeric JDB ids match by their decimal text), or undefined. */
export function gameById(gameId: string): GameDescriptor | undefined {
  const cached = cache.get(gameId);
  if (cached) return cached;
  const entry = findGame(gameId);
  if (entry === undefined) return undefined;
  const mapped = mapEntry(entry);
  const descriptor: GameDescriptor = {
    gameId: String(entry.id),
    name: entry.name,
    provider: entry.provider,
    category: entry.category,
    engine: entry.engine,
    family: mapped.family,
    theme: entry.params.theme,
    config: mapped.config,
  };
  cache.set(gameId, descriptor);
  return descriptor;
}
