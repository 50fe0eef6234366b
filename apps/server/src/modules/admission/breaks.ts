/** A player's breaks from play (docs/decisions/0232); times in ms, null when never taken. */
export type Breaks = {
  timedOutUntilMs: number | null;
  excludedUntilMs: number | null;
  reopenRequestedAtMs: number | null;
};

type Moment = Date | string | null;

/** The columns of `player_protection` that hold a player's breaks, as read. */
export type BreaksRow = { timed_out_until: Moment; excluded_until: Moment; reopen_requested_at: Moment };
export const BREAK_COLUMNS = 'timed_out_until, excluded_until, reopen_requested_at';

const msOf = (moment: Moment | undefined) => (moment == null ? null : new Date(moment).getTime());

/** Breaks as the gate judges them and the protection module changes them; a missing row has none. */
export const breaksOf = (row: Partial<BreaksRow> | undefined): Breaks => ({
  timedOutUntilMs: msOf(row?.timed_out_until),
  excludedUntilMs: msOf(row?.excluded_until),
  reopenRequestedAtMs: msOf(row?.reopen_requested_at),
});
