import { z } from 'zod';
import { BET_PRODUCTS } from './admin-bets.ts';
import { moneySchema } from './wallet.ts';

/**
 * The console's dashboard, top exposures and money reports (docs/decisions/0246, 0247). Every figure is
 * money in the operator's favour unless named otherwise: gross gaming revenue is what players lost to
 * the operator after their winnings and commission, the ledger's house, commission and casino accounts'
 * gain from betting.
 */

/** A product's day so far: stakes taken and what the operator kept. */
export const productDaySchema = z.object({
  product: z.enum(BET_PRODUCTS),
  turnover: moneySchema,
  ggr: moneySchema,
});

/** An exchange market's open book: what its players stand to lose at worst, and what is matched. */
export const marketExposureSchema = z.object({
  marketId: z.string(),
  market: z.string(),
  event: z.string(),
  sport: z.string(),
  /** Σ of every player's worst case on the market (the exposure held for it). */
  liability: moneySchema,
  /** Σ of matched stakes on the market's unsettled bets. */
  matched: moneySchema,
  players: z.number().int(),
});
export type MarketExposure = z.infer<typeof marketExposureSchema>;

/** One player's position on one open market. */
export const playerExposureSchema = z.object({
  playerId: z.string(),
  email: z.string().nullable(),
  marketId: z.string(),
  market: z.string(),
  event: z.string(),
  /** The player's worst case on the market (the exposure held for it). */
  liability: moneySchema,
  matched: moneySchema,
});
export type PlayerExposure = z.infer<typeof playerExposureSchema>;

export const DASHBOARD_ALERT_KINDS = ['MARKET_LIABILITY', 'PLAYER_WIN', 'SETTLEMENT_OVERDUE'] as const;

/** Something a trader should look at now; `subject` names the market, player or round. */
export const dashboardAlertSchema = z.object({
  kind: z.enum(DASHBOARD_ALERT_KINDS),
  subject: z.string(),
  message: z.string(),
  amount: moneySchema.nullable(),
});
export type DashboardAlert = z.infer<typeof dashboardAlertSchema>;

/**
 * Where lists and reports read (docs/decisions/0308): `configured` when DATABASE_READ_URL opened a pool of
 * its own; `standby` when that database is in recovery; `lagMs` since the last transaction it replayed
 * committed on the primary (null on a primary, or before the standby replayed anything).
 */
export const readReplicaSchema = z.object({
  configured: z.boolean(),
  reachable: z.boolean(),
  standby: z.boolean(),
  lagMs: z.number().int().nonnegative().nullable(),
});
export type ReadReplica = z.infer<typeof readReplicaSchema>;

/** `GET /api/admin/dashboard`, and the snapshot of the stream topic `admin-dashboard`. */
export const dashboardSchema = z.object({
  at: z.string(),
  /** Bets placed over the last minute in every product, per second. */
  betsPerSecond: z.number(),
  today: z.object({
    /** The operator's midnight (TIME_ZONE) the day is counted from. */
    from: z.string(),
    products: z.array(productDaySchema),
    turnover: moneySchema,
    ggr: moneySchema,
  }),
  /** Players' exposure held on open exchange bets (the market maker's own is not counted). */
  openExposure: moneySchema,
  /** Distinct players who placed a bet in any product within the last `onlineWindowMinutes`. */
  playersOnline: z.number().int(),
  onlineWindowMinutes: z.number().int(),
  largestLiabilities: z.array(marketExposureSchema),
  alerts: z.array(dashboardAlertSchema),
  readReplica: readReplicaSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** `GET /api/admin/dashboard/history`: the last `hours` whole minutes, the current one left out. */
export const dashboardHistoryQuerySchema = z.strictObject({
  hours: z.coerce.number().int().min(1).max(24).default(6),
});
export type DashboardHistoryQuery = z.infer<typeof dashboardHistoryQuerySchema>;

/** Bets placed and turnover per bucket, every product; every bucket of the period, quiet ones as zero. */
export const dashboardHistorySchema = z.object({
  from: z.string(),
  bucketSeconds: z.number().int(),
  points: z.array(
    z.object({
      /** Start of the bucket. */
      at: z.string(),
      bets: z.number().int(),
      /** Stakes as the dashboard's turnover counts them (matched on the exchange, void bets left out). */
      turnover: moneySchema,
    }),
  ),
});
export type DashboardHistory = z.infer<typeof dashboardHistorySchema>;

export const EXPOSURE_ORDERS = ['liability', 'matched'] as const;

/** `GET /api/admin/exposures`: the largest open positions, by player and market or by market. */
export const exposuresQuerySchema = z.strictObject({
  by: z.enum(['player', 'market']).default('market'),
  order: z.enum(EXPOSURE_ORDERS).default('liability'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ExposuresQuery = z.infer<typeof exposuresQuerySchema>;

export const exposuresSchema = z.discriminatedUnion('by', [
  z.object({ by: z.literal('market'), items: z.array(marketExposureSchema) }),
  z.object({ by: z.literal('player'), items: z.array(playerExposureSchema) }),
]);
export type Exposures = z.infer<typeof exposuresSchema>;

/**
 * The stream topic `admin-exposures` (docs/decisions/0253): the largest open positions by market and by
 * player and market, each ranked by liability and by matched stake, as `/api/admin/exposures` counts
 * them; every snapshot and update is the whole of it.
 */
export const topExposuresSchema = z.object({
  at: z.string(),
  markets: z.object({ liability: z.array(marketExposureSchema), matched: z.array(marketExposureSchema) }),
  players: z.object({ liability: z.array(playerExposureSchema), matched: z.array(playerExposureSchema) }),
});
export type TopExposures = z.infer<typeof topExposuresSchema>;

/** The longest range a report covers, in days. */
export const MAX_REPORT_DAYS = 366;

const reportDate = z.iso.date('must be a date YYYY-MM-DD');

const reportRange = {
  from: reportDate,
  to: reportDate,
};

/** `GET /api/admin/reports/pnl`: `from`..`to` inclusive, days of the operator's time zone. */
export const pnlQuerySchema = z.strictObject({
  ...reportRange,
  by: z.enum(['day', 'product', 'sport']).default('day'),
});
export type PnlQuery = z.infer<typeof pnlQuerySchema>;

export const pnlRowSchema = z.object({
  /** The day (YYYY-MM-DD), the product, or the sport's slug (`tables`, `crash`, `casino` beside sports). */
  key: z.string(),
  /** Stakes of the bets placed in the period (matched stakes on the exchange), void bets left out. */
  turnover: moneySchema,
  /** What players were paid at settlement: net exchange wins, and payouts of the other products. */
  winnings: moneySchema,
  /** Gross gaming revenue: the operator's gain from betting (stakes and losses in, winnings out). */
  ggr: moneySchema,
  /** Exchange commission charged to players (part of the GGR). */
  commission: moneySchema,
});
export type PnlRow = z.infer<typeof pnlRowSchema>;

export const pnlReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(['day', 'product', 'sport']),
  rows: z.array(pnlRowSchema),
  total: pnlRowSchema,
});
export type PnlReport = z.infer<typeof pnlReportSchema>;

/** `GET /api/admin/reports/commission`: commission per day and market (or sport), paged. */
export const commissionQuerySchema = z.strictObject({
  ...reportRange,
  by: z.enum(['market', 'sport']).default('market'),
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}_[\w.:-]{1,128}$/, 'cursor must be the `next` of a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type CommissionQuery = z.infer<typeof commissionQuerySchema>;

export const commissionRowSchema = z.object({
  day: z.string(),
  /** The market id, or the sport's slug. */
  key: z.string(),
  /** The market's event and name, or the sport's name. */
  name: z.string(),
  sport: z.string(),
  commission: moneySchema,
  /** Charges made: one per player and market settled. */
  charges: z.number().int(),
});
export type CommissionRow = z.infer<typeof commissionRowSchema>;

export const commissionReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(commissionRowSchema),
  next: z.string().nullable(),
  /** Over the whole range, every page. */
  total: moneySchema,
});
export type CommissionReport = z.infer<typeof commissionReportSchema>;
