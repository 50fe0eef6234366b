/**
 * The rules that decide whether a player may stake money now, for every product (docs/decisions/0231,
 * 0232). Pure: the gate (gate.ts) supplies what it holds in memory and the time; each product maps a
 * refusal to its own wire form (rejections.ts), so every product refuses the same case with the same
 * code.
 */
import { formatMinor } from '@backlay/ledger';
import type { Breaks } from './breaks.ts';

export type AdmissionCode =
  | 'UNKNOWN_PLAYER'
  | 'PLAYER_SUSPENDED'
  | 'SELF_EXCLUDED'
  | 'ACCOUNT_TIMED_OUT'
  | 'INSUFFICIENT_FUNDS'
  | 'LOSS_LIMIT_REACHED'
  | 'BET_LOCKED'
  | 'MARKET_LOCKED_BY_AGENT'
  | 'STAKE_ABOVE_PLAYER_LIMIT'
  | 'EXPOSURE_LIMIT_REACHED';

export type Admission = { ok: true } | { ok: false; code: AdmissionCode; message: string };

export const ADMISSION_MESSAGES: Readonly<Record<AdmissionCode, string>> = {
  UNKNOWN_PLAYER: 'Your account could not be found. Please sign in again.',
  PLAYER_SUSPENDED: 'Your account is suspended. Please contact support.',
  SELF_EXCLUDED: 'You have excluded yourself from play.',
  ACCOUNT_TIMED_OUT: 'You are taking a break from play.',
  INSUFFICIENT_FUNDS: 'Insufficient balance for this bet.',
  LOSS_LIMIT_REACHED: 'This stake would take your net loss past the loss limit you set.',
  BET_LOCKED: 'Betting is locked on your account. Please contact support.',
  MARKET_LOCKED_BY_AGENT: 'Betting on this market is locked for your account. Please contact your agent.',
  STAKE_ABOVE_PLAYER_LIMIT: 'This stake is above the largest stake allowed on your account.',
  EXPOSURE_LIMIT_REACHED: 'This stake would take your exposure past the limit set for your account.',
};

/**
 * What the gate knows of a player beyond money: their account's status, whether support locked their
 * betting (docs/decisions/0240), and their breaks from play (times in ms; null when none was taken).
 */
export type Standing = Breaks & {
  status: 'active' | 'suspended';
  betLocked: boolean;
  /**
   * The largest stake of one bet: the least of the player's own (docs/decisions/0241) and those of the
   * agents above them (0292); null: no such cap.
   */
  maxStakeMinor: bigint | null;
  /** The most the player may have exposed at once, set by their agent (0292); null: no such limit. */
  exposureLimitMinor: bigint | null;
  /** The agents above the player whose subtree's exposure is limited (the gate holds their room). */
  limitedAgents: readonly string[];
  /** Markets an agent above the player, or the player's own row, locked for betting (0292). */
  lockedMarkets: ReadonlySet<string>;
  /** Events locked likewise, each for every market of the event (0300). */
  lockedEvents: ReadonlySet<string>;
  /** Per sport, the least stake cap the player and the agents above it set for that sport (0300). */
  maxStakeBySportMinor: ReadonlyMap<string, bigint>;
};

/** An account whose self-exclusion has ended reopens a day after the player asks, not before. */
export const REOPEN_DELAY_MS = 24 * 60 * 60 * 1000;

export const ADMITTED: Admission = { ok: true };

export const refused = (code: AdmissionCode, message = ADMISSION_MESSAGES[code]): Admission => ({
  ok: false,
  code,
  message,
});

/**
 * When a self-exclusion stops refusing: a day after the player asked to reopen, once it has ended.
 * Null without one (or once reopened long ago); Infinity while the player has not asked after its end.
 */
export function exclusionEndsAtMs(standing: Standing): number | null {
  const { excludedUntilMs, reopenRequestedAtMs } = standing;
  if (excludedUntilMs === null) return null;
  if (reopenRequestedAtMs === null || reopenRequestedAtMs < excludedUntilMs) return Infinity;
  return reopenRequestedAtMs + REOPEN_DELAY_MS;
}

/** A moment as players read it in a refusal: `2026-12-04 15:00 UTC`. */
export const readableTime = (ms: number) =>
  `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * What the player puts down: a bet's stake, held to the player's own maximum (docs/decisions/0241); a
 * hedge that cashes out a position, which stakes nothing of its own; or a game's launch, which stakes
 * nothing until its bets (each judged as a stake then).
 */
export type Stake = { kind: 'stake'; stakeMinor: bigint } | { kind: 'hedge' } | { kind: 'launch' };

/** What a product asks the gate's rules about one stake; every field is said, none skips a rule. */
export type StakeRequest = {
  /** What the bet adds to the player's commitments: a hedge that frees money adds nothing. */
  amountMinor: bigint;
  /**
   * The player's spendable cash; null where the product leaves the money to the ledger's guard (its
   * refusal carries the same code).
   */
  availableMinor: bigint | null;
  /** What the player's loss limits still allow (docs/decisions/0235); null without one or where the ledger judges it. */
  lossRoomMinor: bigint | null;
  nowMs: number;
  stake: Stake;
  /** The market staked on; null for products without markets (tables, crash, casino). */
  marketId: string | null;
  /** The market's event and its sport (a slug); null likewise. */
  eventId: string | null;
  sport: string | null;
  /** The player's exposure now (holds, with those pending); null where the product holds nothing. */
  exposureMinor: bigint | null;
  /** What the subtree exposure limits above the player still allow; null without one or not judged. */
  subtreeRoomMinor: bigint | null;
};

/** Judges a stake: who the player is and whether they are on a break first, then the stake, then the money. */
export function judgeStake(standing: Standing | null, request: StakeRequest): Admission {
  if (!standing) return refused('UNKNOWN_PLAYER');
  if (standing.status !== 'active') return refused('PLAYER_SUSPENDED');
  if (standing.betLocked) return refused('BET_LOCKED');
  if (isLockedByAgent(standing, request)) return refused('MARKET_LOCKED_BY_AGENT');
  const onBreak = breakRefusal(standing, request.nowMs);
  if (onBreak) return onBreak;
  const { stake, amountMinor, availableMinor, lossRoomMinor } = request;
  const cap = stakeCapMinor(standing, request.sport);
  if (stake.kind === 'stake' && cap !== null && stake.stakeMinor > cap)
    return refused(
      'STAKE_ABOVE_PLAYER_LIMIT',
      `${ADMISSION_MESSAGES.STAKE_ABOVE_PLAYER_LIMIT} It is ${formatMinor(cap)}.`,
    );
  if (amountMinor <= 0n) return ADMITTED;
  const exposureRoom = exposureRoomMinor(standing, request);
  if (exposureRoom !== null && exposureRoom < amountMinor) return exposureLimitRefusal(exposureRoom);
  if (availableMinor !== null && availableMinor < amountMinor) return refused('INSUFFICIENT_FUNDS');
  if (lossRoomMinor !== null && lossRoomMinor < amountMinor) return lossLimitRefusal(lossRoomMinor);
  return ADMITTED;
}

/** Whether an agent above the player (or the player's own row) locked the market or its whole event. */
const isLockedByAgent = (standing: Standing, { marketId, eventId }: StakeRequest) =>
  (marketId !== null && standing.lockedMarkets.has(marketId)) ||
  (eventId !== null && standing.lockedEvents.has(eventId));

/** The largest stake of one bet: the least of the general cap and the cap for the bet's sport, if any. */
function stakeCapMinor(standing: Standing, sport: string | null): bigint | null {
  const general = standing.maxStakeMinor;
  const forSport = sport === null ? undefined : standing.maxStakeBySportMinor.get(sport);
  if (forSport === undefined) return general;
  return general === null || forSport < general ? forSport : general;
}

/** The least of what the player's own exposure limit and their agents' subtree limits still allow. */
function exposureRoomMinor(standing: Standing, request: StakeRequest): bigint | null {
  const { exposureMinor, subtreeRoomMinor } = request;
  const own =
    exposureMinor === null || standing.exposureLimitMinor === null
      ? null
      : standing.exposureLimitMinor - exposureMinor;
  if (own === null || subtreeRoomMinor === null) return own ?? subtreeRoomMinor;
  return own < subtreeRoomMinor ? own : subtreeRoomMinor;
}

/** Names what a limit still allows, so the player sees how much they may stake. */
function roomRefusal(code: 'LOSS_LIMIT_REACHED' | 'EXPOSURE_LIMIT_REACHED', roomMinor: bigint, what: string) {
  const left = roomMinor > 0n ? formatMinor(roomMinor) : '0.00';
  return refused(code, `${ADMISSION_MESSAGES[code]} It allows ${what} of ${left} at most now.`);
}

const lossLimitRefusal = (roomMinor: bigint) => roomRefusal('LOSS_LIMIT_REACHED', roomMinor, 'a stake');
const exposureLimitRefusal = (roomMinor: bigint) =>
  roomRefusal('EXPOSURE_LIMIT_REACHED', roomMinor, 'added exposure');

function breakRefusal(standing: Standing, nowMs: number): Admission | null {
  const excludedUntil = exclusionEndsAtMs(standing);
  if (excludedUntil !== null && nowMs < excludedUntil) {
    const until =
      excludedUntil === Infinity
        ? `Your self-exclusion ended on ${readableTime(standing.excludedUntilMs!)}; ask to reopen your account to play again.`
        : `It ends on ${readableTime(excludedUntil)}.`;
    return refused('SELF_EXCLUDED', `${ADMISSION_MESSAGES.SELF_EXCLUDED} ${until}`);
  }
  const timedOutUntil = standing.timedOutUntilMs;
  if (timedOutUntil !== null && nowMs < timedOutUntil)
    return refused(
      'ACCOUNT_TIMED_OUT',
      `${ADMISSION_MESSAGES.ACCOUNT_TIMED_OUT} It ends on ${readableTime(timedOutUntil)}.`,
    );
  return null;
}
