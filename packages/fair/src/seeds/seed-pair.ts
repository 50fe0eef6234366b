import { sha256Hex } from '../crypto/hmac.ts';
import { toHex } from '../crypto/encoding.ts';
import { MAX_SEED_LENGTH, type Seeds } from '../stream.ts';
import { err, ok, type Result } from '../result.ts';

/**
 * One player's seeds for one game. The active server seed is secret and shown only as its SHA-256;
 * the next server seed is committed the same way so the player sees it before the rotation that
 * activates it. Randomness comes in from the caller: the package has no RNG and no clock.
 */
export type SeedPair = {
  readonly serverSeed: string;
  readonly serverSeedHash: string;
  readonly nextServerSeed: string;
  readonly nextServerSeedHash: string;
  readonly clientSeed: string;
  /** Nonce of the next bet; 0 for a fresh server seed. */
  readonly nonce: number;
};

/** What the player may see while a server seed is active. */
export type PublicSeedPair = Omit<SeedPair, 'serverSeed' | 'nextServerSeed'>;

/** The retired seed pair, revealed by `rotate` so every bet made with it can be verified. */
export type RevealedSeeds = {
  readonly serverSeed: string;
  readonly serverSeedHash: string;
  readonly clientSeed: string;
  /** Number of bets made with this server seed (nonces 0..betCount−1). */
  readonly betCount: number;
};

/** A server seed needs at least 256 bits of fresh entropy. */
export const MIN_ENTROPY_BYTES = 32;
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

function serverSeedOf(entropy: Uint8Array): Result<string> {
  if (!(entropy instanceof Uint8Array) || entropy.length < MIN_ENTROPY_BYTES || entropy.length > 128) {
    return err('INVALID_ENTROPY');
  }
  return ok(toHex(entropy));
}

/** Client seeds are 1–64 printable ASCII characters without spaces (they travel in query strings). */
export function isValidClientSeed(clientSeed: unknown): clientSeed is string {
  return (
    typeof clientSeed === 'string' && clientSeed.length <= MAX_SEED_LENGTH && CLIENT_SEED.test(clientSeed)
  );
}

/** Starts a seed pair from two independent 32-byte random values and the player's client seed. */
export function commit(entropy: Uint8Array, nextEntropy: Uint8Array, clientSeed: string): Result<SeedPair> {
  const serverSeed = serverSeedOf(entropy);
  const nextServerSeed = serverSeedOf(nextEntropy);
  if (!serverSeed.ok) return serverSeed;
  if (!nextServerSeed.ok) return nextServerSeed;
  if (serverSeed.value === nextServerSeed.value) return err('INVALID_ENTROPY');
  if (!isValidClientSeed(clientSeed)) return err('INVALID_CLIENT_SEED');
  return ok({
    serverSeed: serverSeed.value,
    serverSeedHash: sha256Hex(serverSeed.value),
    nextServerSeed: nextServerSeed.value,
    nextServerSeedHash: sha256Hex(nextServerSeed.value),
    clientSeed,
    nonce: 0,
  });
}

/** The seeds for the next bet, and the state to store once that bet is recorded. */
export function nextNonce(state: SeedPair): { readonly seeds: Seeds; readonly state: SeedPair } {
  const seeds = { serverSeed: state.serverSeed, clientSeed: state.clientSeed, nonce: state.nonce };
  return { seeds, state: { ...state, nonce: state.nonce + 1 } };
}

/**
 * Changes the client seed and keeps counting nonces. Resetting the nonce here would let a player switch
 * back to an earlier client seed and replay results already seen under the same secret server seed.
 */
export function setClientSeed(state: SeedPair, clientSeed: string): Result<SeedPair> {
  if (!isValidClientSeed(clientSeed)) return err('INVALID_CLIENT_SEED');
  return ok({ ...state, clientSeed });
}

/**
 * Retires the active server seed (revealing it), activates the committed next seed with nonce 0, and
 * commits a new next seed made from `freshEntropy`. The client seed carries over unless a new one is given.
 */
export function rotate(
  state: SeedPair,
  freshEntropy: Uint8Array,
  clientSeed: string = state.clientSeed,
): Result<{ readonly state: SeedPair; readonly revealed: RevealedSeeds }> {
  const fresh = serverSeedOf(freshEntropy);
  if (!fresh.ok) return fresh;
  if (fresh.value === state.nextServerSeed || fresh.value === state.serverSeed) return err('INVALID_ENTROPY');
  if (!isValidClientSeed(clientSeed)) return err('INVALID_CLIENT_SEED');
  const revealed = {
    serverSeed: state.serverSeed,
    serverSeedHash: state.serverSeedHash,
    clientSeed: state.clientSeed,
    betCount: state.nonce,
  };
  const next: SeedPair = {
    serverSeed: state.nextServerSeed,
    serverSeedHash: state.nextServerSeedHash,
    nextServerSeed: fresh.value,
    nextServerSeedHash: sha256Hex(fresh.value),
    clientSeed,
    nonce: 0,
  };
  return ok({ state: next, revealed });
}

export function publicView(state: SeedPair): PublicSeedPair {
  return {
    serverSeedHash: state.serverSeedHash,
    nextServerSeedHash: state.nextServerSeedHash,
    clientSeed: state.clientSeed,
    nonce: state.nonce,
  };
}

/** True when a revealed server seed matches the hash shown before play. */
export function serverSeedMatches(serverSeed: string, serverSeedHash: string): boolean {
  return sha256Hex(serverSeed) === serverSeedHash;
}
