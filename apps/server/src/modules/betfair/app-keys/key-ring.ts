import type { Sql } from '../../../db/database.ts';
import type { Bus } from '../../../lib/bus.ts';
import { readUsableKeys, readUsableKeysOf, type UsableKey } from './keys-repo.ts';

/** Bus topic: a player's keys or API access changed; the message is the player's id. */
export const APP_KEYS_TOPIC = 'betfair:app-keys';

/** A lost bus message (pub/sub is at-most-once) heals within this. */
export const FULL_RELOAD_MS = 60_000;

/**
 * Every usable app key in memory, so each API call checks its `X-Application` without a database round
 * trip (docs/decisions/0255). A change re-reads the one player's keys on every instance (the bus); the
 * whole set is re-read every minute.
 */
export class KeyRing {
  #players = new Map<string, string>();
  #keysOf = new Map<string, Set<string>>();
  /** Players changed while a full reload was reading: re-read after it, its rows may predate them. */
  #changedDuringReload: Set<string> | undefined;
  readonly #unsubscribe: () => void;
  #timer: NodeJS.Timeout | undefined;
  #firstRead: Promise<void> | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly bus: Bus,
  ) {
    this.#unsubscribe = bus.subscribe(APP_KEYS_TOPIC, (playerId) => void this.reloadPlayer(playerId));
  }

  /**
   * Starts reading the keys without waiting for them: a portal whose database is down still starts and
   * answers (503s, health), and the first call waits in `ready`.
   */
  start(reloadEveryMs = FULL_RELOAD_MS): void {
    void this.ready().catch(() => undefined);
    this.#timer = setInterval(() => void this.reloadAll().catch(() => undefined), reloadEveryMs);
    this.#timer.unref();
  }

  /** Once the keys have been read; a first read that failed is tried again by the next caller. */
  ready(): Promise<void> {
    if (!this.#firstRead) {
      const reading = this.reloadAll();
      this.#firstRead = reading;
      reading.catch(() => {
        if (this.#firstRead === reading) this.#firstRead = undefined;
      });
    }
    return this.#firstRead;
  }

  /** The player a usable key belongs to, or undefined. */
  playerOf(appKey: string): string | undefined {
    return this.#players.get(appKey);
  }

  /** After a committed change of one player's keys or access: this instance at once, others over the bus. */
  async changed(playerId: string): Promise<void> {
    await this.reloadPlayer(playerId);
    await this.bus.publish(APP_KEYS_TOPIC, playerId);
  }

  async reloadPlayer(playerId: string): Promise<void> {
    this.#changedDuringReload?.add(playerId);
    const keys = await readUsableKeysOf(this.sql, playerId).catch(() => undefined);
    // Unreadable: refuse the player's keys until the next reload rather than serve a revoked one.
    this.#replacePlayer(playerId, keys ?? []);
  }

  async reloadAll(): Promise<void> {
    const changed = new Set<string>();
    this.#changedDuringReload = changed;
    try {
      const keys = await readUsableKeys(this.sql);
      this.#players = new Map(keys.map((key) => [key.appKey, key.playerId]));
      this.#keysOf = new Map();
      for (const key of keys) this.#index(key);
    } finally {
      this.#changedDuringReload = undefined;
    }
    await Promise.all([...changed].map((playerId) => this.reloadPlayer(playerId)));
  }

  close(): void {
    this.#unsubscribe();
    clearInterval(this.#timer);
  }

  #replacePlayer(playerId: string, keys: readonly UsableKey[]): void {
    for (const appKey of this.#keysOf.get(playerId) ?? []) this.#players.delete(appKey);
    this.#keysOf.delete(playerId);
    for (const key of keys) {
      this.#players.set(key.appKey, key.playerId);
      this.#index(key);
    }
  }

  #index(key: UsableKey): void {
    const set = this.#keysOf.get(key.playerId) ?? new Set<string>();
    set.add(key.appKey);
    this.#keysOf.set(key.playerId, set);
  }
}
