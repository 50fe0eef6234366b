import { z } from 'zod';
import { pageSizeSchema } from './admin.ts';
import { clientRefSchema } from './bets.ts';
import { amountInputSchema, moneySchema } from './wallet.ts';

/**
 * In-house live tables, the crash game and Casino Results (docs/decisions/0150–0159). Money is a
 * decimal string, odds and multipliers are numbers with two decimals (2.00, 12.00), times are ISO
 * strings of the server's clock: a client counts down with `closesAt − serverTime`, never with its own
 * clock alone.
 */

/** A table id as the lobby lists it: `dragon-tiger`, `32-cards`, `ball-by-ball`. */
export const tableIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be a table id');
/** Round ids are positive integers, shared by every table and the crash game. */
export const roundIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * BETTING (the countdown to `closesAt`) → CLOSED (no more bets) → DEALING (cards shown) → RESULT
 * (winner shown, server seed revealed) → SETTLED (bets paid). VOID: the round was stopped and every bet
 * refunded.
 */
export const roundStatusSchema = z.enum(['BETTING', 'CLOSED', 'DEALING', 'RESULT', 'SETTLED', 'VOID']);
export type RoundStatus = z.infer<typeof roundStatusSchema>;

/** OPEN while bets are taken, SUSPENDED otherwise (ball-by-ball: while the ball is bowled). */
export const tableMarketStatusSchema = z.enum(['OPEN', 'SUSPENDED']);
export type TableMarketStatus = z.infer<typeof tableMarketStatusSchema>;

/** `GET /api/tables`: one lobby entry. */
export const tableSummarySchema = z.object({
  id: tableIdSchema,
  name: z.string(),
  /** The Our casino category: Roulette, Teenpati, Poker, Baccarat, DragonTiger, 32 Card, … */
  category: z.string(),
  minStake: moneySchema,
  maxStake: moneySchema,
  /**
   * True while trading holds the table (docs/decisions/0244, 0254): its round in play finishes, bets
   * answer 409 TABLE_PAUSED and no new round opens until it is resumed. Absent: not paused.
   */
  paused: z.boolean().optional(),
});
export type TableSummary = z.infer<typeof tableSummarySchema>;
export const tablesResponseSchema = z.object({
  tables: z.array(tableSummarySchema),
  /** The crash game (Aviator), not a table of the list: `paused` as a table's (0254). Absent: not paused. */
  crash: z.object({ paused: z.boolean() }).optional(),
});
export type TablesResponse = z.infer<typeof tablesResponseSchema>;

export const tableMarketSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Decimal odds, stake included: 2.00 pays 1 to 1. */
  odds: z.number(),
  minStake: moneySchema,
  maxStake: moneySchema,
  status: tableMarketStatusSchema,
  /** The stake matched on this market in the current round, so far. */
  volume: moneySchema,
});
export type TableMarket = z.infer<typeof tableMarketSchema>;

/** A named group of cards in dealing order ("Dragon", "Player A", "Board", "Joker"); cards like "TD". */
export const dealtHandSchema = z.object({ hand: z.string(), cards: z.array(z.string()) });
export type DealtHand = z.infer<typeof dealtHandSchema>;

export const roundResultSchema = z.object({
  /** What Casino Results shows: "Dragon", "Tie", "17 Red", "4 Runs", "2.35x". */
  winner: z.string(),
  /** Market ids that won at their odds. */
  winningMarkets: z.array(z.string()),
  /** Roulette: the pocket. */
  number: z.number().int().optional(),
  /** Ball-by-ball: 0, 1, 2, 3, 4, 6, W (wicket) or E (extra runs). */
  ball: z.string().optional(),
  /** Crash: the crash point. */
  crashPoint: z.number().optional(),
});
export type RoundResult = z.infer<typeof roundResultSchema>;

export const tableRoundSchema = z.object({
  id: z.number().int(),
  status: roundStatusSchema,
  openedAt: z.string(),
  /** Bets are taken while the server's clock is before this. */
  closesAt: z.string(),
  /** When the current phase ends (the next phase change). */
  phaseEndsAt: z.string(),
  /** SHA-256 of the round's server seed, published before betting opens. */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** Empty until DEALING. */
  cards: z.array(dealtHandSchema),
  /** Null until RESULT. */
  result: roundResultSchema.nullable(),
});
export type TableRound = z.infer<typeof tableRoundSchema>;

export const lastResultSchema = z.object({ roundId: z.number().int(), winner: z.string() });
export type LastResult = z.infer<typeof lastResultSchema>;

/** `GET /api/tables/:id`. `round` is null only before the table has ever run. */
export const tableStateSchema = z.object({
  table: tableSummarySchema,
  serverTime: z.string(),
  round: tableRoundSchema.nullable(),
  markets: z.array(tableMarketSchema),
  /** Newest first, at most 10. */
  lastResults: z.array(lastResultSchema),
});
export type TableState = z.infer<typeof tableStateSchema>;

/**
 * `/ws/stream` kind `table` (id = table id): this at once, then on every phase change and every batch
 * of bets written. Markets are not repeated (take them from `GET /api/tables/:id`); `marketStatus`
 * applies to all of them.
 */
export const tableStreamSchema = z.object({
  tableId: tableIdSchema,
  serverTime: z.string(),
  round: tableRoundSchema.nullable(),
  marketStatus: tableMarketStatusSchema,
  /** Each market's `volume` by market id, sent again after every batch of bets the round takes. */
  volumes: z.record(z.string(), moneySchema),
  lastResults: z.array(lastResultSchema),
  /** As the table's `paused`; a pause or resume is published at once (docs/decisions/0254). */
  paused: z.boolean().optional(),
});
export type TableStream = z.infer<typeof tableStreamSchema>;

/** OPEN until the round settles; PUSH: the stake came back in full (a tie); VOID: refunded. */
export const tableBetStatusSchema = z.enum(['OPEN', 'WON', 'LOST', 'PUSH', 'VOID']);
export type TableBetStatus = z.infer<typeof tableBetStatusSchema>;

export const tableBetSchema = z.object({
  id: z.string(),
  tableId: tableIdSchema,
  roundId: z.number().int(),
  marketId: z.string(),
  marketName: z.string(),
  odds: z.number(),
  stake: moneySchema,
  status: tableBetStatusSchema,
  /** What came back at settlement, stake included (half the stake on a Dragon Tiger tie); null while open. */
  payout: moneySchema.nullable(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type TableBet = z.infer<typeof tableBetSchema>;

/** `POST /api/tables/:id/bets`: 201 `{bet}`; the same clientRef and body again: 200 with the same bet. */
export const placeTableBetBodySchema = z.object({
  roundId: roundIdSchema,
  marketId: z.string().min(1).max(40),
  stake: amountInputSchema,
  clientRef: clientRefSchema,
});
export type PlaceTableBetBody = z.infer<typeof placeTableBetBodySchema>;
export const tableBetResponseSchema = z.object({ bet: tableBetSchema });
export type TableBetResponse = z.infer<typeof tableBetResponseSchema>;

/** `GET /api/tables/:id/bets?roundId`: the player's own bets (of that round, else the latest 50). */
export const tableBetsQuerySchema = z.object({ roundId: roundIdSchema.optional() });
export const tableBetsResponseSchema = z.object({ bets: z.array(tableBetSchema) });
export type TableBetsResponse = z.infer<typeof tableBetsResponseSchema>;

export const TABLE_ERROR_CODES = [
  'UNKNOWN_TABLE',
  'UNKNOWN_ROUND',
  'UNKNOWN_MARKET',
  'BETTING_CLOSED',
  'TABLE_PAUSED',
  'STAKE_TOO_SMALL',
  'STAKE_TOO_LARGE',
  'INSUFFICIENT_FUNDS',
  'PLAYER_SUSPENDED',
  'UNKNOWN_PLAYER',
  'SELF_EXCLUDED',
  'ACCOUNT_TIMED_OUT',
  'LOSS_LIMIT_REACHED',
  'BET_LOCKED',
  'STAKE_ABOVE_PLAYER_LIMIT',
  'IDEMPOTENCY_CONFLICT',
  'TOO_MANY_BETS',
  'INVALID_AUTO_CASH_OUT',
  'BET_NOT_FOUND',
  'ROUND_NOT_STARTED',
  'ALREADY_CASHED_OUT',
  'ROUND_CRASHED',
  'UNKNOWN_RESULT',
  'CASH_OUT_UNAVAILABLE',
  'BETS_UNAVAILABLE',
] as const;
export type TableErrorCode = (typeof TABLE_ERROR_CODES)[number];

/**
 * The crash game (`GET /api/crash`, `/ws/stream` kind `crash`). BETTING until `closesAt`; RUNNING from
 * `startedAt` while the multiplier grows as m(t) = e^(growthPerMs · t ms) (shown in whole hundredths,
 * rounded down); CRASHED once it reached the crash point. VOID: stopped, bets not cashed out refunded.
 */
export const crashStatusSchema = z.enum(['BETTING', 'RUNNING', 'CRASHED', 'VOID']);
export type CrashStatus = z.infer<typeof crashStatusSchema>;

export const crashRoundSchema = z.object({
  id: z.number().int(),
  status: crashStatusSchema,
  openedAt: z.string(),
  closesAt: z.string(),
  /** Take-off: the multiplier is 1.00x here. */
  startedAt: z.string(),
  growthPerMs: z.number(),
  /** Null until the round has crashed. */
  crashPoint: z.number().nullable(),
  crashedAt: z.string().nullable(),
  /** SHA-256 of this round's hash: the previous round's revealed hash, or the chain commitment. */
  serverSeedHash: z.string(),
  /** This round's hash in the chain; null until the round has crashed. */
  roundHash: z.string().nullable(),
  /** The public salt of the chain: crash point = f(HMAC-SHA256(round hash, salt)). */
  salt: z.string(),
  /** SHA-256 of the chain's first hash, published before its first round. */
  chainCommitment: z.string(),
  chainIndex: z.number().int(),
});
export type CrashRound = z.infer<typeof crashRoundSchema>;

export const crashBetStatusSchema = z.enum(['OPEN', 'CASHED_OUT', 'LOST', 'VOID']);
export type CrashBetStatus = z.infer<typeof crashBetStatusSchema>;

export const crashBetSchema = z.object({
  id: z.string(),
  roundId: z.number().int(),
  stake: moneySchema,
  /** The target the bet cashes out at by itself; null: by hand only. */
  autoCashOut: z.number().nullable(),
  /** The multiplier it was cashed out at; null while riding or lost. */
  cashedOutAt: z.number().nullable(),
  status: crashBetStatusSchema,
  /** What came back, stake included; null until known. */
  payout: moneySchema.nullable(),
  placedAt: z.string(),
});
export type CrashBet = z.infer<typeof crashBetSchema>;

/** Another player's bet as the round's list shows it: a masked name, never an id. */
export const crashPublicBetSchema = z.object({
  player: z.string(),
  stake: moneySchema,
  cashedOutAt: z.number().nullable(),
  payout: moneySchema.nullable(),
});
export type CrashPublicBet = z.infer<typeof crashPublicBetSchema>;

export const crashStatsSchema = z.object({ bets: z.number().int(), totalStake: moneySchema });
export const lastCrashSchema = z.object({ roundId: z.number().int(), crashPoint: z.number() });

/** `GET /api/crash`: the round, the last crash points, its bets (largest 100) and the caller's own. */
export const crashStateSchema = z.object({
  serverTime: z.string(),
  round: crashRoundSchema.nullable(),
  lastCrashes: z.array(lastCrashSchema),
  stats: crashStatsSchema,
  bets: z.array(crashPublicBetSchema),
  myBets: z.array(crashBetSchema),
  /**
   * True while trading holds the game (docs/decisions/0244, 0254): the round in play flies on and its
   * bets may still be cashed out, new bets answer 409 TABLE_PAUSED and no round opens until it is
   * resumed. Absent: not paused.
   */
  paused: z.boolean().optional(),
});
export type CrashState = z.infer<typeof crashStateSchema>;

/** `/ws/stream` kind `crash` (no id): on every phase change and every batch of cash-outs. */
export const crashStreamSchema = z.object({
  serverTime: z.string(),
  round: crashRoundSchema.nullable(),
  lastCrashes: z.array(lastCrashSchema),
  stats: crashStatsSchema,
  /** The latest cash-outs of the round, newest first, at most 20. */
  recentCashOuts: z.array(crashPublicBetSchema),
  /** As the state's `paused`; a pause or resume is published at once (docs/decisions/0254). */
  paused: z.boolean().optional(),
});
export type CrashStream = z.infer<typeof crashStreamSchema>;

/** `POST /api/crash/bets`: 201 `{bet}`; at most two bets a player a round. */
export const placeCrashBetBodySchema = z.object({
  roundId: roundIdSchema,
  stake: amountInputSchema,
  /** 1.01 to 1000000.00, two decimals at most. */
  autoCashOut: z.number().optional(),
  clientRef: clientRefSchema,
});
export type PlaceCrashBetBody = z.infer<typeof placeCrashBetBodySchema>;
export const crashBetResponseSchema = z.object({ bet: crashBetSchema });

/** `POST /api/crash/cash-out`: the bet and the multiplier it was cashed out at. */
export const crashCashOutBodySchema = z.object({ betId: z.uuid('must be a bet id').toLowerCase() });
export type CrashCashOutBody = z.infer<typeof crashCashOutBodySchema>;
export const crashCashOutResponseSchema = z.object({ bet: crashBetSchema, multiplier: z.number() });
export type CrashCashOutResponse = z.infer<typeof crashCashOutResponseSchema>;

const resultDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2024-05-31');

/** `GET /api/casino-results`: settled and void rounds, newest first; `table` = a table id or `crash`. */
export const casinoResultsQuerySchema = z.object({
  table: tableIdSchema.optional(),
  /** A UTC day. */
  date: resultDateSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: pageSizeSchema.default(10),
});
export type CasinoResultsQuery = z.input<typeof casinoResultsQuerySchema>;

export const casinoResultItemSchema = z.object({
  roundId: z.number().int(),
  table: z.string(),
  tableName: z.string(),
  winner: z.string(),
  settledAt: z.string(),
});
export type CasinoResultItem = z.infer<typeof casinoResultItemSchema>;
export const casinoResultsResponseSchema = z.object({
  items: z.array(casinoResultItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CasinoResultsResponse = z.infer<typeof casinoResultsResponseSchema>;

/**
 * `GET /api/casino-results/:roundId`: a round with what is needed to recompute it. Tables: the cards
 * follow from HMAC-SHA256(serverSeed, `clientSeed:nonce:n`) (docs/decisions/0150). Crash: serverSeed is
 * the round hash, clientSeed the chain's salt, nonce the round's index in the chain.
 */
export const casinoResultDetailSchema = z.object({
  roundId: z.number().int(),
  table: z.string(),
  tableName: z.string(),
  status: z.string(),
  openedAt: z.string(),
  settledAt: z.string().nullable(),
  cards: z.array(dealtHandSchema),
  result: roundResultSchema.nullable(),
  serverSeedHash: z.string(),
  /** Null until the result is out. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type CasinoResultDetail = z.infer<typeof casinoResultDetailSchema>;
