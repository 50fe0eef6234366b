import { OutcomeStream } from '@backlay/fair';

/**
 * Random but reproducible sequences of casino wallet callbacks, for the test that plays one sequence
 * through every way a batch can be written (wallet-paths.differential.test.ts). A sequence names its
 * players, tokens and bets by role, not by id, so the same sequence can be played on several databases.
 */

/** Which of a player's launch tokens a callback presents. */
export type TokenRole =
  | 'live'
  /** Expires part-way through the sequence (SHORT_TOKEN_TTL_MS, the clock moves WAVE_MS a wave). */
  | 'short'
  /** Expired before the sequence starts. */
  | 'expired'
  /** Opens another game than the callbacks name. */
  | 'otherGame'
  /** Never minted. */
  | 'unknown';

export type PlannedCallback = {
  kind: 'bet' | 'win' | 'rollback';
  player: number;
  token: TokenRole;
  transactionId: string;
  roundId: string;
  amountMinor: bigint;
  /** The bet a win or rollback settles. */
  betId?: string;
};

export type Sequence = {
  name: string;
  /** Each player's cash before the sequence. */
  openingMinor: bigint[];
  /** Callbacks handed in together; a wave is answered before the next one starts. */
  waves: PlannedCallback[][];
};

export const WAVE_MS = 60_000;
export const SHORT_TOKEN_TTL_MS = 150_000;

/**
 * A reproducible stream of floats in [0, 1) from `seed`: the provably fair byte stream
 * (packages/fair), so that a failing sequence can be played again.
 */
function seededRandom(seed: number): () => number {
  const stream = new OutcomeStream({ serverSeed: 'casino-wallet-paths', clientSeed: String(seed), nonce: 0 });
  return () => stream.nextFloat();
}

type Random = () => number;

const below = (random: Random, n: number) => Math.floor(random() * n);
const pick = <T>(random: Random, items: readonly T[]): T => items[below(random, items.length)]!;

/** Picks a key of `weights` with a chance proportional to its weight. */
function weighted<K extends string>(random: Random, weights: Record<K, number>): K {
  const entries = Object.entries(weights) as [K, number][];
  let left = random() * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [key, weight] of entries) {
    left -= weight;
    if (left < 0) return key;
  }
  return entries[0]![0];
}

/** A stake or win: up to 50.00, or with the chance `large` 100.00 to 2,100.00. */
function amountMinor(random: Random, large: number): bigint {
  return random() < large ? BigInt(10_000 + below(random, 200_000)) : BigInt(1 + below(random, 5_000));
}

const TOKENS_OF_BETS: Record<TokenRole, number> = {
  live: 84,
  short: 6,
  expired: 4,
  otherGame: 3,
  unknown: 3,
};
/** Wins and rollbacks are taken after expiry, so their tokens expire more often. */
const TOKENS_OF_SETTLEMENTS: Record<TokenRole, number> = {
  live: 78,
  short: 8,
  expired: 8,
  otherGame: 3,
  unknown: 3,
};
type Step = 'bet' | 'win' | 'rollback' | 'replay' | 'duplicate' | 'foreignSettlement' | 'unknownBet';
type Profile = {
  /** Openings to choose from: small ones, and large amounts, make bets run out of money. */
  openingsMinor: readonly bigint[];
  largeAmounts: number;
  steps: Record<Step, number>;
  betTokens: Record<TokenRole, number>;
  settlementTokens: Record<TokenRole, number>;
  /** Whether a win or rollback may settle a bet of its own wave (it then waits for a second pass). */
  settlesOwnWave: boolean;
};

const LIVE_ONLY: Record<TokenRole, number> = { live: 1, short: 0, expired: 0, otherGame: 0, unknown: 0 };

/** Every kind of callback and token. */
const ANYTHING: Profile = {
  openingsMinor: [0n, 500n, 4_000n, 25_000n, 150_000n],
  largeAmounts: 0.2,
  steps: { bet: 34, win: 20, rollback: 10, replay: 12, duplicate: 8, foreignSettlement: 4, unknownBet: 4 },
  betTokens: TOKENS_OF_BETS,
  settlementTokens: TOKENS_OF_SETTLEMENTS,
  settlesOwnWave: true,
};
/**
 * Rounds as games play them, with retries: what a batch from memory can take (no rollbacks, tokens
 * it has seen), so that the way from memory is taken often.
 */
const ROUNDS: Profile = {
  openingsMinor: [150_000n],
  largeAmounts: 0.02,
  steps: { bet: 50, win: 44, rollback: 0, replay: 4, duplicate: 2, foreignSettlement: 0, unknownBet: 0 },
  betTokens: LIVE_ONLY,
  settlementTokens: LIVE_ONLY,
  settlesOwnWave: false,
};

/** Builds one sequence's callbacks, wave by wave, from earlier ones where a step needs them. */
class SequencePlanner {
  readonly #history: PlannedCallback[] = [];
  readonly #bets: PlannedCallback[] = [];
  /** Bets of the wave being planned, settled only from the next wave on unless `settlesOwnWave`. */
  #waveBets: PlannedCallback[] = [];
  #ids = 0;

  constructor(
    private readonly random: Random,
    private readonly name: string,
    private readonly players: number,
    private readonly profile: Profile,
  ) {}

  wave(size: number): PlannedCallback[] {
    const wave = Array.from({ length: size }, () => this.#next());
    this.#bets.push(...this.#waveBets);
    this.#waveBets = [];
    return wave;
  }

  #next(): PlannedCallback {
    const step = weighted(this.random, this.profile.steps);
    const earlier = this.#history.length > 0 ? pick(this.random, this.#history) : undefined;
    const bet = this.#bets.length > 0 ? pick(this.random, this.#bets) : undefined;
    let planned: PlannedCallback;
    if (step === 'replay' && earlier) planned = { ...earlier };
    else if (step === 'duplicate' && earlier) planned = this.#otherBody(earlier);
    else if ((step === 'win' || step === 'rollback') && bet) planned = this.#settle(step, bet, bet.player);
    else if (step === 'foreignSettlement' && bet) planned = this.#settle('win', bet, this.#player());
    else if (step === 'unknownBet' && bet)
      planned = { ...this.#settle('rollback', bet, bet.player), betId: this.#id() };
    else planned = this.#bet();
    this.#history.push(planned);
    if (planned.kind === 'bet') (this.profile.settlesOwnWave ? this.#bets : this.#waveBets).push(planned);
    return planned;
  }

  #id(): string {
    return `${this.name}-t${(this.#ids += 1)}`;
  }

  #player(): number {
    return below(this.random, this.players);
  }

  #bet(): PlannedCallback {
    return {
      kind: 'bet',
      player: this.#player(),
      token: weighted(this.random, this.profile.betTokens),
      transactionId: this.#id(),
      roundId: `r${below(this.random, 1_000)}`,
      amountMinor: amountMinor(this.random, this.profile.largeAmounts),
    };
  }

  /** A win (0 a quarter of the time) or a rollback (of the whole stake) of `bet`, from `player`. */
  #settle(kind: 'win' | 'rollback', bet: PlannedCallback, player: number): PlannedCallback {
    const lost = this.random() < 0.25;
    return {
      kind,
      player,
      token: weighted(this.random, this.profile.settlementTokens),
      transactionId: this.#id(),
      roundId: bet.roundId,
      amountMinor:
        kind === 'rollback'
          ? bet.amountMinor
          : lost
            ? 0n
            : amountMinor(this.random, this.profile.largeAmounts),
      betId: bet.transactionId,
    };
  }

  /** The same transaction id with another amount or another token. */
  #otherBody(earlier: PlannedCallback): PlannedCallback {
    return this.random() < 0.5
      ? { ...earlier, amountMinor: earlier.amountMinor + 1n }
      : { ...earlier, token: earlier.token === 'live' ? 'short' : 'live' };
  }
}

/**
 * `count` sequences from `seed`, every other one rounds only: 2–4 players each, 3–8 waves of 1–12
 * callbacks.
 */
export function planSequences(seed: number, count: number): Sequence[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, at) => {
    const name = `s${at}`;
    const profile = at % 2 === 0 ? ANYTHING : ROUNDS;
    const openingMinor = Array.from({ length: 2 + below(random, 3) }, () =>
      pick(random, profile.openingsMinor),
    );
    const planner = new SequencePlanner(random, name, openingMinor.length, profile);
    const waves = Array.from({ length: 3 + below(random, 6) }, () => planner.wave(1 + below(random, 12)));
    return { name, openingMinor, waves };
  });
}
