import { z } from 'zod';
import { pageSizeSchema } from './admin.ts';
import { gameIdSchema } from './game-launch.ts';
import { moneySchema } from './wallet.ts';

/**
 * Third-party casino games (docs/decisions/0140–0142): the portal's launch call to the aggregator, the
 * aggregator's signed seamless-wallet callbacks to the portal, and the player's casino bets report.
 */

/** Play money: the one currency every casino call names. */
export const CASINO_CURRENCY = 'PTS';

/** Header of a wallet callback: hex HMAC-SHA256 of the exact body bytes under the shared secret. */
export const CASINO_SIGNATURE_HEADER = 'x-signature';

/** A callback whose `timestamp` is further than this from the portal's clock is refused. */
export const CASINO_MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** The ports the portal (`PORT`) and the aggregator (`CASINO_PORT`) listen on unless told otherwise. */
export const DEFAULT_PORTAL_PORT = 8080;
export const DEFAULT_CASINO_PORT = 8081;

/**
 * Where one service reaches the other on this machine when `CASINO_URL` or `PORTAL_URL` is unset: at the
 * other's port, so moving a port moves the address with it.
 */
export const localServiceUrl = (port: number | string): string => `http://127.0.0.1:${port}`;

const printable = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

/** A launch token travels in the game page's address: URL-safe characters only. */
export const casinoTokenSchema = z
  .string()
  .min(16)
  .max(256)
  .regex(/^[A-Za-z0-9._~-]+$/, 'must be URL-safe');

/** A game or player id as an operator sends it: a whole number or a short text, held as text. */
const operatorIdSchema = z
  .union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), printable(64)])
  .transform(String);

/**
 * `POST {CASINO_URL}/operator/launch`, with `Authorization: Bearer <operator key>`. The aggregator takes
 * any operator's currency; the portal always sends CASINO_CURRENCY.
 */
export const casinoLaunchRequestSchema = z.object({
  /** The launch token: the aggregator presents it on every wallet callback for this game session. */
  token: casinoTokenSchema,
  gameId: operatorIdSchema,
  /** The player's public code (the `unique_code` of the login answer). */
  playerId: operatorIdSchema,
  playerName: printable(100),
  currency: z.string().regex(/^[A-Z]{3,8}$/, 'must be 3–8 capital letters'),
  homeUrl: z
    .string()
    .max(2048)
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) address'),
});
/** What the operator sends. */
export type CasinoLaunchRequest = z.input<typeof casinoLaunchRequestSchema>;
/** What the aggregator holds once it has read the request: ids as text. */
export type CasinoLaunch = z.output<typeof casinoLaunchRequestSchema>;

/** `200 {url}`: where the browser goes, `${CASINO_URL}/play/<gameId>?token=…`. */
export const casinoLaunchResponseSchema = z.object({ url: z.string().url() });
export type CasinoLaunchResponse = z.infer<typeof casinoLaunchResponseSchema>;

export const casinoWalletStatusSchema = z.enum([
  'RS_OK',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_UNKNOWN',
]);
export type CasinoWalletStatus = z.infer<typeof casinoWalletStatusSchema>;

/**
 * Every wallet callback is answered HTTP 200 with this body. `balance` is the player's spendable cash;
 * "0.00" when the request names no known player (bad signature, unknown token).
 */
export const casinoWalletAnswerSchema = z.object({
  status: casinoWalletStatusSchema,
  balance: moneySchema,
  currency: z.literal(CASINO_CURRENCY),
});
export type CasinoWalletAnswer = z.infer<typeof casinoWalletAnswerSchema>;

/** Transaction and round ids: what the portal stores and puts into statement references. */
export const casinoIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/, 'must be 1 to 64 letters, digits or . _ : -');

/** A wallet amount: a decimal string with at most two decimals, never negative. */
export const casinoAmountSchema = z
  .string()
  .max(20)
  .regex(/^\d{1,15}(\.\d{1,2})?$/, 'must be a decimal string like "12.50"');

const signedCallback = {
  token: z.string().min(1).max(200),
  /** Milliseconds since the epoch when the aggregator sent it. */
  timestamp: z.number().int().nonnegative(),
};

const moneyCallback = {
  ...signedCallback,
  transactionId: casinoIdSchema,
  roundId: casinoIdSchema,
  gameId: gameIdSchema,
  amount: casinoAmountSchema,
};

/** `POST /api/wallet/balance`. */
export const casinoBalanceCallbackSchema = z.object(signedCallback);
/** `POST /api/wallet/bet`: debits the stake. */
export const casinoBetCallbackSchema = z.object(moneyCallback);
/** `POST /api/wallet/win`: credits what the bet won (0 closes a lost round). */
export const casinoWinCallbackSchema = z.object({ ...moneyCallback, referenceTransactionId: casinoIdSchema });
/** `POST /api/wallet/rollback`: cancels a bet that has no win yet. */
export const casinoRollbackCallbackSchema = casinoWinCallbackSchema;

export type CasinoBalanceCallback = z.infer<typeof casinoBalanceCallbackSchema>;
export type CasinoBetCallback = z.infer<typeof casinoBetCallbackSchema>;
export type CasinoWinCallback = z.infer<typeof casinoWinCallbackSchema>;
export type CasinoRollbackCallback = z.infer<typeof casinoRollbackCallbackSchema>;

/** `GET /api/casino/bets`: the signed-in player's casino bets, newest first (Current Bet, type Casino). */
export const casinoBetsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: pageSizeSchema.default(10),
  /** Matches the game name, the round id or the transaction id. */
  search: z.string().trim().max(100).optional(),
});
export type CasinoBetsQuery = z.input<typeof casinoBetsQuerySchema>;

export const casinoBetStatusSchema = z.enum(['OPEN', 'WON', 'LOST', 'ROLLED_BACK']);
export type CasinoBetStatus = z.infer<typeof casinoBetStatusSchema>;

export const casinoBetSchema = z.object({
  /** The aggregator's transaction id of the bet. */
  id: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  roundId: z.string(),
  stake: moneySchema,
  /** What the round paid back so far. */
  win: moneySchema,
  status: casinoBetStatusSchema,
  placedAt: z.string(),
});
export type CasinoBet = z.infer<typeof casinoBetSchema>;

export const casinoBetsResponseSchema = z.object({
  items: z.array(casinoBetSchema),
  total: z.number().int(),
});
export type CasinoBetsResponse = z.infer<typeof casinoBetsResponseSchema>;
