import { z } from 'zod';

/**
 * A mirrored market's source book as players see it (docs/feeds.md): `GET /api/markets/:id/source` and
 * the stream's `source` topic. Apart from feeds.ts, whose operator schemas no player page needs.
 */

/** `[price, size]` as the source gives them (decimal odds, the source's currency units). */
export const sourcePriceSizeSchema = z.tuple([z.number(), z.number()]);

export const sourceRunnerSchema = z.object({
  /** The portal's runner id. */
  id: z.string(),
  sourceSelectionId: z.number().int(),
  name: z.string(),
  /** The source's runner status: ACTIVE, WINNER, LOSER, PLACED, REMOVED, HIDDEN. */
  status: z.string(),
  adjustmentFactor: z.number().nullable(),
  /** When the source removed a REMOVED runner (ISO time), as its market definition says. */
  removalDate: z.string().optional(),
  ltp: z.number().nullable(),
  tv: z.number().nullable(),
  /** Available to back, best (highest) first. */
  atb: z.array(sourcePriceSizeSchema),
  /** Available to lay, best (lowest) first. */
  atl: z.array(sourcePriceSizeSchema),
  /** Traded, by price (lowest first). */
  trd: z.array(sourcePriceSizeSchema),
});
export type SourceRunner = z.infer<typeof sourceRunnerSchema>;

/**
 * `GET /api/markets/:id/source` (signed-in players and staff; 404 `NOT_MIRRORED` for a market with no
 * source), and the `data` of the stream's `source` topic (id = the portal market id; at most one frame
 * per 100 ms per market, the latest book).
 */
export const sourceBookSchema = z.object({
  feedId: z.string(),
  sourceMarketId: z.string(),
  pt: z.number(),
  /** The source's market status: OPEN, SUSPENDED, CLOSED (INACTIVE is shown as SUSPENDED). */
  status: z.string(),
  inPlay: z.boolean(),
  /** The source's terms, once its definition is known: shown beside the book (no starting price is offered). */
  terms: z
    .object({
      marketType: z.string().nullable(),
      numberOfWinners: z.number().int().nullable(),
      /** ISO time of the off. */
      marketTime: z.string().nullable(),
      /** Seconds; the source's in-play delay. */
      betDelay: z.number().int().nullable(),
      bspMarket: z.boolean(),
    })
    .optional(),
  runners: z.array(sourceRunnerSchema),
});
export type SourceBook = z.infer<typeof sourceBookSchema>;

/** A `source` topic frame on `/ws/stream`: `{type: 'source', kind: 'source', id, seq, data}`, seq = pt. */
export const sourceFrameSchema = z.object({
  type: z.literal('source').optional(),
  kind: z.literal('source'),
  id: z.string(),
  seq: z.number().int().nonnegative(),
  snapshot: z.literal(true).optional(),
  data: sourceBookSchema,
});
export type SourceFrame = z.infer<typeof sourceFrameSchema>;
