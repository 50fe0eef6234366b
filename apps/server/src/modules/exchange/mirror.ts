import { z } from 'zod';
import { ok, reject, type Result } from '../../platform/rejections.ts';
import type { Deferred } from '../../platform/units/index.ts';
import { commit, type ExchangeContext } from './context.ts';
import { Effects } from './effects.ts';
import { hasPrices, mirrorBookKey, type MirrorBook } from './mirror-book.ts';
import { holdUntilInPlayPrices, requoteMirror } from './mirror-quotes.ts';
import { markMirrored } from './mirror-store.ts';
import type { MarketUnit } from './market-unit.ts';

/** The source's latest book of the market (docs/decisions/0271). */
export type MirrorCommand = { type: 'mirror'; book: MirrorBook };
/** The operator's new liability cap for the market, minor units as decimal text (JSON has no bigint). */
export type MirrorCapCommand = { type: 'mirrorCap'; liabilityCapMinor: string };

/** The book's shape; a level that is no price on the ladder with a size is skipped when quoting. */
const levels = z.array(z.tuple([z.number(), z.number()])).max(400);
const mirrorBookSchema = z.object({
  // Any status but OPEN pulls the quotes, so a status the source adds one day errs on the safe side.
  status: z.string().max(40),
  inPlay: z.boolean(),
  runners: z
    .array(z.object({ runnerId: z.string().max(64), removed: z.boolean(), atb: levels, atl: levels }))
    .max(200),
});

/**
 * Takes the source's book: the quotes come off when the source stops being open, or goes in play
 * (until its first in-play prices), and otherwise follow its best prices.
 */
export async function mirrorMarket(
  ctx: ExchangeContext,
  unit: MarketUnit,
  command: MirrorCommand,
): Promise<Result<null> | Deferred<null>> {
  if (unit.info.housePriced || unit.settled) return ok(null);
  const parsed = mirrorBookSchema.safeParse(command.book);
  if (!parsed.success) {
    // A book that cannot be read says nothing of the source's prices: none are quoted until one can.
    unit.mirror.book = null;
    requoteNow(ctx, unit);
    return reject('invalid', 'INVALID_MIRROR_BOOK', `The source book is not one: ${parsed.error.message}`);
  }
  const book = parsed.data as MirrorBook;
  if (!unit.mirror.mirrored) {
    await markMirrored(ctx.db, unit.id);
    unit.mirror.mirrored = true;
  }
  const mirror = unit.mirror;
  // A market first seen in play (a feed joined mid-game) has no pre-play prices to wait out (0281).
  const turnsInPlay = book.inPlay && mirror.book !== null && !mirror.book.inPlay;
  const inPlayPricesCame =
    mirror.heldFromKey !== null &&
    book.inPlay &&
    hasPrices(book) &&
    mirrorBookKey(book) !== mirror.heldFromKey;
  mirror.book = book;
  if (turnsInPlay) holdUntilInPlayPrices(unit);
  else if (inPlayPricesCame) mirror.heldFromKey = null;
  return requoteNow(ctx, unit);
}

/** The operator's cap takes effect at once: the quotes are sized again from the same book. */
export function changeMirrorCap(
  ctx: ExchangeContext,
  unit: MarketUnit,
  command: MirrorCapCommand,
): Result<null> | Deferred<null> {
  if (!/^[1-9]\d{0,18}$/.test(command.liabilityCapMinor))
    return reject('invalid', 'INVALID_LIABILITY_CAP', 'The liability cap must be a positive amount.');
  unit.mirror.capMinor = BigInt(command.liabilityCapMinor);
  if (!unit.mirror.mirrored) return ok(null);
  unit.makerQuote = '';
  return requoteNow(ctx, unit);
}

function requoteNow(ctx: ExchangeContext, unit: MarketUnit): Result<null> | Deferred<null> {
  const effects = new Effects();
  requoteMirror(unit, effects, ctx.maker, new Date(ctx.nowMs()).toISOString());
  return commit(ctx, effects, null);
}
