import { z } from 'zod';
import { idSchema, idSchemaFor } from './ids.ts';
import { moneySchema } from './wallet.ts';

/**
 * The agent network's reports (docs/decisions/0294): the downline's P/L from the daily roll-ups, the chip
 * statement of an account and the live bets of a subtree, each as JSON or, with `format=csv`, as a file.
 */

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2024-05-31');
const formatSchema = z.enum(['json', 'csv']).default('json');

export const DOWNLINE_PL_GROUPS = ['child', 'market', 'day'] as const;
export type DownlinePlGroup = (typeof DOWNLINE_PL_GROUPS)[number];

/**
 * `GET /api/admin/reports/downline-pl`: `accountId` (an agent) defaults to the calling agent, the house
 * for staff; `from`/`to` are inclusive UTC days (default the last 7, at most 366). `groupBy` gives rows
 * per child (default), per market or per day.
 */
export const downlinePlQuerySchema = z.object({
  accountId: idSchemaFor('an agent id').optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  groupBy: z.enum(DOWNLINE_PL_GROUPS).default('child'),
  format: formatSchema,
});
export type DownlinePlQuery = z.input<typeof downlinePlQuerySchema>;

/**
 * A period's figures. `playersPl` is positive when the players won; `ownShare` is the account's part of
 * it with its own sign (positive when the players lost), `uplineShare` the parts of every level above it
 * including the house; `commission` is the house's, reported apart.
 */
export const plFiguresSchema = z.object({
  turnover: moneySchema,
  playersPl: moneySchema,
  ownShare: moneySchema,
  uplineShare: moneySchema,
  commission: moneySchema,
});
export type PlFigures = z.infer<typeof plFiguresSchema>;

/**
 * The house's report by child sums its own players (those under no agent) in one row under this id,
 * named "Players of the house": they may be hundreds of thousands (docs/decisions/0301). A valid uuid,
 * as every row id is, that no account ever has.
 */
export const HOUSE_PLAYERS_ROW_ID = '00000000-0000-4000-8000-000000000001';

/**
 * One row: a child (`accountId`, its name; HOUSE_PLAYERS_ROW_ID for the house's own players), a market
 * (`marketId`, "event · market") or a day (`day`, its date as the name).
 */
export const downlinePlRowSchema = plFiguresSchema.extend({
  accountId: idSchema.optional(),
  marketId: z.string().optional(),
  day: dateSchema.optional(),
  name: z.string(),
});
export type DownlinePlRow = z.infer<typeof downlinePlRowSchema>;

export const downlinePlSchema = z.object({
  rows: z.array(downlinePlRowSchema),
  totals: plFiguresSchema,
  from: dateSchema,
  to: dateSchema,
});
export type DownlinePl = z.infer<typeof downlinePlSchema>;

const cursorSchema = z.string().regex(/^\d{1,19}$/, 'cursor must be the `nextCursor` of a previous page');

/** `GET /api/admin/accounts/:id/statement?cursor`: an account's chip movements, newest first. */
export const accountStatementQuerySchema = z.object({
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  format: formatSchema,
});
export type AccountStatementQuery = z.input<typeof accountStatementQuerySchema>;

/** One movement of the account's chips: `amount` signed (in positive), `pts` the balance after it. */
export const accountStatementRowSchema = z.object({
  id: z.string(),
  date: z.string(),
  kind: z.string(),
  remark: z.string(),
  amount: moneySchema,
  pts: moneySchema,
});
export type AccountStatementRow = z.infer<typeof accountStatementRowSchema>;
export const accountStatementSchema = z.object({
  items: z.array(accountStatementRowSchema),
  nextCursor: z.string().nullable(),
});
export type AccountStatement = z.infer<typeof accountStatementSchema>;

/** `GET /api/admin/downline/bets?accountId&cursor`: open exchange bets of the subtree's players. */
export const downlineBetsQuerySchema = z.object({
  accountId: idSchemaFor('an agent id').optional(),
  cursor: z
    .string()
    .regex(/^\d{1,17}_[\w:.-]{1,100}$/, 'cursor must be the `nextCursor` of a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  format: formatSchema,
});
export type DownlineBetsQuery = z.input<typeof downlineBetsQuerySchema>;

export const downlineBetSchema = z.object({
  id: z.string(),
  playerId: idSchema,
  player: z.string(),
  marketId: z.string(),
  market: z.string(),
  runner: z.string(),
  side: z.enum(['BACK', 'LAY']),
  price: z.string(),
  stake: moneySchema,
  matched: moneySchema,
  placedAt: z.string(),
});
export type DownlineBet = z.infer<typeof downlineBetSchema>;
export const downlineBetsSchema = z.object({
  items: z.array(downlineBetSchema),
  nextCursor: z.string().nullable(),
});
export type DownlineBets = z.infer<typeof downlineBetsSchema>;
