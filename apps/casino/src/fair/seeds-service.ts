import { randomBytes } from 'node:crypto';
import { commit, isValidClientSeed, publicView, rotate, setClientSeed, type SeedPair } from '@backlay/fair';
import { ok, reject, type Result } from '@backlay/rejections';
import type { CasinoStore } from '../state/store.ts';
import type { Change, SeedRecord } from '../state/types.ts';
import { REVEALED_KEPT } from '../play/limits.ts';
import type { RevealedView, SeedsView } from '../contract/api.ts';

const CLIENT_SEED_MESSAGE = 'The client seed must be 1–64 printable characters without spaces.';

/** A fresh client seed, like the ones public casinos suggest: 10 hex digits. */
const freshClientSeed = () => randomBytes(5).toString('hex');

/**
 * Per player and game: the server seed is committed (its SHA-256 shown) before any bet uses it, the
 * client seed is the player's to change, and rotation reveals the retired seed (docs/decisions/0100).
 */
export class SeedsService {
  constructor(
    private readonly store: CasinoStore,
    private readonly nowMs: () => number,
  ) {}

  /** The key's seeds, created (and stored) on first use. */
  ensure(key: string): SeedRecord {
    const known = this.store.seedsOf(key);
    if (known) return known;
    const pair = commit(randomBytes(32), randomBytes(32), freshClientSeed());
    if (!pair.ok) throw new Error(`seed commitment failed: ${pair.code}`);
    const record: SeedRecord = { key, pair: pair.value, revealed: [] };
    this.store.commit([{ type: 'seeds', seeds: record }]);
    return record;
  }

  /** The change that stores `pair` as the key's current seeds. */
  update(record: SeedRecord, pair: SeedPair): Change {
    return { type: 'seeds', seeds: { ...record, pair } };
  }

  setClientSeed(key: string, clientSeed: string): Result<SeedsView> {
    const record = this.ensure(key);
    const next = setClientSeed(record.pair, clientSeed);
    if (!next.ok) return reject('invalid', 'INVALID_CLIENT_SEED', CLIENT_SEED_MESSAGE);
    this.store.commit([this.update(record, next.value)]);
    return ok(publicView(next.value));
  }

  rotate(key: string, clientSeed?: string): Result<{ seeds: SeedsView; revealed: RevealedView[] }> {
    if (clientSeed !== undefined && !isValidClientSeed(clientSeed)) {
      return reject('invalid', 'INVALID_CLIENT_SEED', CLIENT_SEED_MESSAGE);
    }
    const record = this.ensure(key);
    const rotated = rotate(record.pair, randomBytes(32), clientSeed ?? record.pair.clientSeed);
    if (!rotated.ok) return reject('invalid', 'INVALID_CLIENT_SEED', CLIENT_SEED_MESSAGE);
    const revealed = [{ ...rotated.value.revealed, rotatedAtMs: this.nowMs() }, ...record.revealed].slice(
      0,
      REVEALED_KEPT,
    );
    const next: SeedRecord = { ...record, pair: rotated.value.state, revealed };
    this.store.commit([{ type: 'seeds', seeds: next }]);
    return ok({ seeds: publicView(next.pair), revealed: revealedViews(next) });
  }
}

export function revealedViews(record: SeedRecord): RevealedView[] {
  return record.revealed.map(({ rotatedAtMs, ...seeds }) => ({
    ...seeds,
    rotatedAt: new Date(rotatedAtMs).toISOString(),
  }));
}

/** The revealed server seed behind `serverSeedHash`, if that seed has been rotated away. */
export function revealedSeedOf(record: SeedRecord | undefined, serverSeedHash: string): string | null {
  return record?.revealed.find((seeds) => seeds.serverSeedHash === serverSeedHash)?.serverSeed ?? null;
}
