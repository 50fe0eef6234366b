/** Betfair's default: an app key holds at most 10 stream connections at once. */
export const MAX_CONNECTIONS_PER_APP_KEY = 10;

/**
 * The authenticated stream connections of each app key on this instance (docs/decisions/0273): one
 * more past the limit is refused with MAX_CONNECTION_LIMIT_EXCEEDED, and every status answer says how
 * many the key may still open (`connectionsAvailable`).
 */
export class AppKeyConnections {
  readonly #open = new Map<string, number>();

  constructor(private readonly limit = MAX_CONNECTIONS_PER_APP_KEY) {}

  /** Takes one of the key's connections; false when all are in use. */
  take(appKey: string): boolean {
    const open = this.#open.get(appKey) ?? 0;
    if (open >= this.limit) return false;
    this.#open.set(appKey, open + 1);
    return true;
  }

  give(appKey: string): void {
    const open = (this.#open.get(appKey) ?? 0) - 1;
    if (open > 0) this.#open.set(appKey, open);
    else this.#open.delete(appKey);
  }

  available(appKey: string): number {
    return Math.max(0, this.limit - (this.#open.get(appKey) ?? 0));
  }
}
