import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { idSchema, idSchemaFor } from './ids.ts';
import { feedIdSchema } from './sports.ts';
import { amountInputSchema, moneySchema } from './wallet.ts';

/** The deepest an agent may sit below the house (docs/decisions/0287): level 1 is the house's child. */
export const AGENT_MAX_DEPTH = 6;

/** The operator's names of the levels, top down; deeper levels are named by their number. */
export const DEFAULT_AGENT_LEVEL_NAMES = ['admin', 'super master', 'master', 'agent'] as const;

/** The name of agent level `level` (1 = the house's children). */
export function agentLevelName(level: number): string {
  return DEFAULT_AGENT_LEVEL_NAMES[level - 1] ?? `level ${level}`;
}

/** A share of the book in percent, to the hundredth (stored as basis points). */
export const sharePercentSchema = z
  .number()
  .min(0, 'sharePercent must be between 0 and 100.')
  .max(100, 'sharePercent must be between 0 and 100.')
  .refine(
    (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    'sharePercent has at most two decimals.',
  );

/** `POST /api/admin/agents`: a child agent; `parentId` defaults to the calling agent, else the house. */
export const createAgentRequestSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(6, 'Password must be at least 6 characters long.').max(200),
  name: z.string().trim().min(1, 'Name is required.').max(80),
  parentId: idSchemaFor('an agent id').optional(),
  sharePercent: sharePercentSchema,
  creditReference: amountInputSchema.optional(),
  openingChips: amountInputSchema.optional(),
});
export type CreateAgentRequest = z.input<typeof createAgentRequestSchema>;

export const agentSchema = z.object({
  id: idSchema,
  /** Null for the house's children (the top level). */
  parentId: idSchema.nullable(),
  /** 1 for the house's children, one more per level down (`agentLevelName`). */
  level: z.number().int(),
  name: z.string(),
  email: z.string(),
  sharePercent: z.number(),
  creditReference: moneySchema,
  balance: moneySchema,
  exposureLimit: moneySchema.nullable(),
  maxStake: moneySchema.nullable(),
  loginLocked: z.boolean(),
  betLocked: z.boolean(),
});
export type Agent = z.infer<typeof agentSchema>;
export const agentResponseSchema = z.object({ agent: agentSchema });
export type AgentResponse = z.infer<typeof agentResponseSchema>;

/** `GET /api/admin/downline?accountId&cursor&limit`: direct children of an agent, or of the house. */
export const downlineQuerySchema = z.object({
  accountId: idSchemaFor('an agent id').optional(),
  cursor: z
    .string()
    .regex(/^[ap]_\d{1,17}_[0-9a-f-]{36}$/, 'cursor must be the `nextCursor` of a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type DownlineQuery = z.input<typeof downlineQuerySchema>;

/**
 * One direct child (docs/decisions/0287): `balance` is the free balance and `exposure` what is held for
 * open bets, both as on the players list. `available` is what the child may still stake or give: the
 * panels' "balance − exposure", where their balance still counts the held chips, which is the free
 * balance here. `pl` = balance + exposure − creditReference.
 */
export const downlineItemSchema = z.object({
  id: idSchema,
  kind: z.enum(['agent', 'player']),
  level: z.number().int(),
  name: z.string(),
  creditReference: moneySchema,
  balance: moneySchema,
  exposure: moneySchema,
  available: moneySchema,
  pl: moneySchema,
  sharePercent: z.number().nullable(),
  exposureLimit: moneySchema.nullable(),
  maxStake: moneySchema.nullable(),
  /** The account's own stake caps by sport slug (docs/decisions/0300), only the sports that have one. */
  maxStakeBySport: z.record(z.string(), moneySchema),
  loginLocked: z.boolean(),
  betLocked: z.boolean(),
});
export type DownlineItem = z.infer<typeof downlineItemSchema>;
export const downlineResponseSchema = z.object({
  items: z.array(downlineItemSchema),
  nextCursor: z.string().nullable(),
});
export type DownlineResponse = z.infer<typeof downlineResponseSchema>;

/** `POST /api/admin/accounts/:id/chips`: `id` is a direct child of the caller (or of the house). */
export const accountIdParamsSchema = z.object({ id: idSchemaFor('an account id') });
export const chipsRequestSchema = z.strictObject({
  /** `in` gives the child chips from the parent's free balance, `out` takes them back from the child's. */
  direction: z.enum(['in', 'out']),
  amount: amountInputSchema,
  remark: z.string().trim().max(200).default(''),
});
export type ChipsRequest = z.input<typeof chipsRequestSchema>;

/**
 * `POST /api/admin/accounts/:id/settlements`: cash the caller and its direct child settled outside the
 * portal, moving the pair's P/L toward zero by `amount` (never past it).
 */
export const settlementRequestSchema = z.strictObject({
  amount: amountInputSchema,
  remark: z.string().trim().max(200).default(''),
});
export type SettlementRequest = z.input<typeof settlementRequestSchema>;

/**
 * `PATCH /api/admin/accounts/:id`: the parent sets its direct child's credit reference, share (agents
 * only) and limits; a null limit removes it.
 */
export const updateAccountRequestSchema = z
  .strictObject({
    creditReference: amountInputSchema.optional(),
    sharePercent: sharePercentSchema.optional(),
    exposureLimit: amountInputSchema.nullable().optional(),
    maxStake: amountInputSchema.nullable().optional(),
    /** Stake caps by sport slug (docs/decisions/0300): null removes that sport's cap; others stay. */
    maxStakeBySport: z
      .record(z.string().max(64), amountInputSchema.nullable())
      .refine((caps) => Object.keys(caps).length <= 64, 'Name at most 64 sports.')
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Name at least one field to change.');
export type UpdateAccountRequest = z.input<typeof updateAccountRequestSchema>;

/** `GET /api/admin/markets/:id/book?accountId`: the market's book for one account of the tree. */
export const marketBookParamsSchema = z.object({ id: feedIdSchema });
export const marketBookQuerySchema = z.object({ accountId: idSchemaFor('an agent id').optional() });
export type MarketBookQuery = z.infer<typeof marketBookQuerySchema>;

/**
 * Per runner (ids as in the position book): `subtreeIfWins` the subtree's players' total profit if the
 * runner wins (negative: a loss), `ownShareIfWins` the account's part of the book's result at its share,
 * with its own sign (docs/decisions/0289).
 */
export const marketBookSchema = z.object({
  runners: z.array(
    z.object({ id: z.string(), name: z.string(), subtreeIfWins: moneySchema, ownShareIfWins: moneySchema }),
  ),
});
export type MarketBook = z.infer<typeof marketBookSchema>;

/**
 * `GET /api/admin/downline/markets?accountId`: the markets not yet settled on which the account's
 * subtree (the house's: every player) has bets, most matched first, at most 50: what the market
 * analysis offers to open.
 */
export const bookedMarketsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      eventName: z.string(),
      name: z.string(),
      status: z.string(),
      bets: z.number().int(),
      matched: moneySchema,
    }),
  ),
});
export type BookedMarkets = z.infer<typeof bookedMarketsSchema>;

/**
 * `POST /api/admin/accounts/:id/lock`: an ancestor locks or unlocks the account's sign-in and betting,
 * each for the account's whole subtree; the reason is audited.
 */
export const lockAccountRequestSchema = z
  .strictObject({
    login: z.boolean().optional(),
    bet: z.boolean().optional(),
    reason: z.string().trim().min(1).max(500),
  })
  .refine((body) => body.login !== undefined || body.bet !== undefined, 'Name login, bet or both.');
export type LockAccountRequest = z.input<typeof lockAccountRequestSchema>;

/**
 * `POST /api/admin/markets/:id/lock`: an agent (or staff) locks or unlocks betting on one market for an
 * account's subtree, the caller's own or one below it (docs/decisions/0292); answers the row's state.
 */
export const lockMarketRequestSchema = z.strictObject({
  accountId: idSchemaFor('an agent or player id'),
  locked: z.boolean(),
});
export type LockMarketRequest = z.input<typeof lockMarketRequestSchema>;
export const marketLockSchema = z.object({ marketId: z.string(), accountId: idSchema, locked: z.boolean() });
export type MarketLock = z.infer<typeof marketLockSchema>;

/**
 * `POST /api/admin/events/:id/lock`: the same lock on every market of an event, present or future
 * (docs/decisions/0300), with the same request and rules as the market's.
 */
/** A lock's path: the market's or the event's id. */
export const lockParamsSchema = z.object({ id: feedIdSchema });
export const eventLockSchema = z.object({ eventId: z.string(), accountId: idSchema, locked: z.boolean() });
export type EventLock = z.infer<typeof eventLockSchema>;

/**
 * `GET /api/admin/markets/:id/lock?accountId`: the account's own locks on the market and on its event
 * (the calling agent's by default), for the console's switches.
 */
export const marketLocksQuerySchema = z.object({
  accountId: idSchemaFor('an agent or player id').optional(),
});
export const marketLocksSchema = z.object({
  marketId: z.string(),
  eventId: z.string(),
  accountId: idSchema,
  marketLocked: z.boolean(),
  eventLocked: z.boolean(),
});
export type MarketLocks = z.infer<typeof marketLocksSchema>;
