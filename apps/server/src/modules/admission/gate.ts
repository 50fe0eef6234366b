import type { Sql } from '../../db/database.ts';
import type { Bus } from '../../lib/bus.ts';
import { breaksOf } from './breaks.ts';
import { Funds } from './funds.ts';
import { judgeStake, type Admission, type Stake, type Standing } from './rules.ts';
import type { MoneyRow, StandingReads, StandingRow } from './standing-reads.ts';
import { SubtreeAnnouncements } from './subtree-announcements.ts';
import { SubtreeExposures } from './subtree-exposure.ts';
import { PLAYER_STANDING_TOPIC, TREE_STANDING_TOPIC } from './topic.ts';

const bigintOrNull = (value: bigint | string | null | undefined) => (value == null ? null : BigInt(value));

const capsBySport = (caps: Record<string, string> | null | undefined) =>
  new Map(Object.entries(caps ?? {}).map(([sport, minor]) => [sport, BigInt(minor)]));

/** A player's standing as read: null for a player who does not exist. */
const standingOf = (row: StandingRow | undefined): Standing | null =>
  row?.status
    ? {
        status: row.status,
        betLocked: row.bet_locked === true,
        maxStakeMinor: bigintOrNull(row.max_stake_minor),
        exposureLimitMinor: bigintOrNull(row.exposure_limit_minor),
        limitedAgents: row.limited_agents ?? [],
        lockedMarkets: new Set(row.locked_markets ?? []),
        lockedEvents: new Set(row.locked_events ?? []),
        maxStakeBySportMinor: capsBySport(row.max_stake_by_sport),
        ...breaksOf(row),
      }
    : null;

/** A bet on a market: what it adds to commitments, its stake, and the market, event and sport it is on. */
export type AdmitRequest = {
  amountMinor: bigint;
  stake: Stake;
  marketId: string;
  eventId: string;
  sport: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A read that overlapped a change of the player is read again, this many times at most. */
const READS = 3;

/**
 * The one place that decides whether a player may stake money now, for every product (docs/decisions/
 * 0231). A player's standing is read once and held until the bus says it changed; the exchange's cash
 * is read at most once a second and otherwise follows its commits. So a bet on the hot path costs no
 * database round trip here. Each instance has one gate; the bus keeps the gates of all instances true.
 */
export class AdmissionGate {
  readonly funds: Funds;
  readonly #subtrees: SubtreeExposures;
  /** Other instances' gates hear of stakes admitted here under limited agents (0321). */
  readonly #announcements: SubtreeAnnouncements | null;
  readonly #standings = new Map<string, Standing>();
  /** Changes heard so far: a read that overlapped one may have seen the old standing. */
  #changes = 0;

  constructor(
    private readonly sql: Sql,
    private readonly reads: StandingReads,
    bus?: Bus,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.funds = new Funds(nowMs);
    this.#subtrees = new SubtreeExposures(reads.subtreeExposures ?? (async () => []), nowMs);
    this.#announcements = bus ? new SubtreeAnnouncements(bus, this.#subtrees) : null;
    bus?.subscribe(PLAYER_STANDING_TOPIC, (playerId) => this.forgetStanding(playerId));
    bus?.subscribe(TREE_STANDING_TOPIC, () => this.forgetStandings());
  }

  /**
   * What `admit` needs, standing and fresh cash and holds, in one read at most (the exchange's
   * products); under an agent whose subtree's exposure is limited, that read at most once a second too.
   */
  async prepare(playerId: string): Promise<void> {
    if (!UUID.test(playerId)) return;
    if (!this.#standings.has(playerId)) await this.#readPlayer(playerId);
    else if (!this.funds.isFresh(playerId)) await this.#readMoney(playerId);
    if (this.#standings.get(playerId)?.limitedAgents.length && this.#subtrees.isStale())
      await this.#subtrees.refresh(this.sql);
  }

  async #readPlayer(playerId: string): Promise<void> {
    const row = await this.#reread(() => this.reads.player(this.sql, playerId));
    this.#learnMoney(playerId, row);
    const standing = standingOf(row);
    if (standing) this.#standings.set(playerId, standing);
  }

  /**
   * The money alone once the cash is a second old: the standing (a walk up the agent tree) is held
   * until the bus says it changed, so it is not read again with every refresh of the cash.
   */
  async #readMoney(playerId: string): Promise<void> {
    if (!this.reads.money) return this.#readPlayer(playerId);
    this.#learnMoney(playerId, await this.reads.money(this.sql, playerId));
  }

  #learnMoney(playerId: string, row: MoneyRow | undefined): void {
    this.funds.learn(playerId, bigintOrNull(row?.balance_minor) ?? 0n);
    this.funds.learnExposure(playerId, bigintOrNull(row?.hold_minor) ?? 0n);
    this.funds.learnFloor(playerId, bigintOrNull(row?.loss_floor_minor));
  }

  /**
   * Standings of players whose money the ledger judges (tables, crash, casino): read once each. Calls
   * in the same turn of the event loop share one read; a caller inside a transaction passes its `sql`
   * (an embedded database has one connection) and reads at once.
   */
  async prepareStandings(playerIds: Iterable<string>, sql?: Sql): Promise<void> {
    const missing = [...new Set(playerIds)].filter((id) => UUID.test(id) && !this.#standings.has(id));
    if (missing.length === 0) return;
    if (sql) return this.#readStandings(missing, sql);
    const next = (this.#nextRead ??= this.#scheduleRead());
    for (const id of missing) next.ids.add(id);
    await next.done;
  }

  /**
   * Status, market and event locks, stake caps (the sport's too), exposure, money and loss limits, from
   * memory after `prepare`: the amount is what the bet adds to commitments (and to exposure). An
   * admitted amount counts toward the limited subtrees above the player, on every instance's gate.
   */
  admit(playerId: string, request: AdmitRequest): Admission {
    const standing = this.#standingOf(playerId);
    const limitedAgents = standing?.limitedAgents ?? [];
    const admission = judgeStake(standing, {
      amountMinor: request.amountMinor,
      availableMinor: this.funds.availableMinor(playerId),
      lossRoomMinor: this.funds.lossRoomMinor(playerId),
      nowMs: this.nowMs(),
      stake: request.stake,
      marketId: request.marketId,
      eventId: request.eventId,
      sport: request.sport,
      exposureMinor: this.funds.exposureMinor(playerId),
      subtreeRoomMinor: this.#subtrees.roomMinor(limitedAgents),
    });
    if (admission.ok && request.amountMinor > 0n && limitedAgents.length > 0) {
      this.#subtrees.admitted(limitedAgents, request.amountMinor);
      this.#announcements?.announce(limitedAgents, request.amountMinor);
    }
    return admission;
  }

  /**
   * Status, locks and the general stake cap only, after `prepareStandings`: the ledger's guards judge
   * the money and the loss limits in the same write. These products hold nothing and have no markets or
   * sports, so exposure limits, market and event locks and sport caps do not apply (0292, 0300).
   */
  admitStanding(playerId: string, request: { stake: Stake }): Admission {
    return judgeStake(this.#standingOf(playerId), {
      amountMinor: 0n,
      availableMinor: null,
      lossRoomMinor: null,
      nowMs: this.nowMs(),
      stake: request.stake,
      marketId: null,
      eventId: null,
      sport: null,
      exposureMinor: null,
      subtreeRoomMinor: null,
    });
  }

  /**
   * What the bus says: the player's standing changed (or a limit's floor moved), so both are read again
   * before their next bet.
   */
  forgetStanding(playerId: string): void {
    this.#changes += 1;
    this.#standings.delete(playerId);
    this.funds.forget(playerId);
  }

  /**
   * What the bus says of a lock or limit on an agent (or a market lock): every player's standing, and
   * the limited subtrees, are read again before their next bet.
   */
  forgetStandings(): void {
    this.#changes += 1;
    this.#standings.clear();
    this.#subtrees.forget();
  }

  #nextRead: { ids: Set<string>; done: Promise<void> } | null = null;

  #scheduleRead(): { ids: Set<string>; done: Promise<void> } {
    const ids = new Set<string>();
    const done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.#nextRead = null;
      return this.#readStandings([...ids], this.sql);
    });
    return { ids, done };
  }

  async #readStandings(playerIds: string[], sql: Sql): Promise<void> {
    const rows = await this.#reread(() => this.reads.standings(sql, playerIds));
    for (const row of rows) this.#standings.set(row.id, standingOf(row)!);
  }

  #standingOf(playerId: string): Standing | null {
    return this.#standings.get(playerId) ?? null;
  }

  /** Reads until no change was heard meanwhile, so a standing kept is never older than the last change. */
  async #reread<T>(read: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const changes = this.#changes;
      const result = await read();
      if (this.#changes === changes || attempt === READS) return result;
    }
  }
}
