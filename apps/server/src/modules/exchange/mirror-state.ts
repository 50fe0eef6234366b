/**
 * A mirrored market's book as its source shows it (docs/decisions/0271): `atb` and `atl` are
 * `[price, size]`, decimal odds and the source's currency units, best first; runnerId is the portal's.
 */
export type MirrorBook = {
  status: 'OPEN' | 'SUSPENDED' | 'CLOSED';
  inPlay: boolean;
  runners: MirrorRunner[];
};
export type MirrorRunner = {
  runnerId: string;
  removed: boolean;
  atb: [number, number][];
  atl: [number, number][];
};

/** A market's mirroring as its unit keeps it (docs/decisions/0271). */
export type MirrorState = {
  /** A source book has reached the market (now or before a restart): the fair price is never quoted. */
  mirrored: boolean;
  /** The operator's liability cap for the market; null: MIRROR_MARKET_CAP. */
  capMinor: bigint | null;
  /** The source's latest book; null until one arrives after the market was (re)loaded. */
  book: MirrorBook | null;
  /**
   * In play began: no quotes until a book with prices that differ from the book of that moment (its
   * key; '' when no book was known then).
   */
  heldFromKey: string | null;
};

export const newMirrorState = (): MirrorState => ({
  mirrored: false,
  capMinor: null,
  book: null,
  heldFromKey: null,
});
