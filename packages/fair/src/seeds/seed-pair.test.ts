import { describe, expect, it } from 'vitest';
import {
  commit,
  nextNonce,
  publicView,
  rotate,
  serverSeedMatches,
  setClientSeed,
  type SeedPair,
} from './seed-pair.ts';
import { dice } from '../games/dice.ts';
import { sha256Hex } from '../crypto/hmac.ts';

const entropy = (byte: number) => new Uint8Array(32).fill(byte);
const sha = sha256Hex;
const start = (): SeedPair => {
  const pair = commit(entropy(1), entropy(2), 'player-seed');
  if (!pair.ok) throw new Error(pair.code);
  return pair.value;
};

describe('seed pair', () => {
  it('commits the active and next server seeds by their SHA-256 and starts at nonce 0', () => {
    const pair = start();
    expect(pair.serverSeed).toBe('01'.repeat(32));
    expect(pair.serverSeedHash).toBe(sha('01'.repeat(32)));
    expect(pair.nextServerSeedHash).toBe(sha('02'.repeat(32)));
    expect(pair.nonce).toBe(0);
    expect(publicView(pair)).toEqual({
      serverSeedHash: pair.serverSeedHash,
      nextServerSeedHash: pair.nextServerSeedHash,
      clientSeed: 'player-seed',
      nonce: 0,
    });
    expect(JSON.stringify(publicView(pair))).not.toContain(pair.serverSeed);
  });

  it('hands out each nonce once, in order', () => {
    let pair = start();
    const nonces: number[] = [];
    for (let i = 0; i < 5; i++) {
      const step = nextNonce(pair);
      nonces.push(step.seeds.nonce);
      expect(step.seeds.serverSeed).toBe(pair.serverSeed);
      pair = step.state;
    }
    expect(nonces).toEqual([0, 1, 2, 3, 4]);
    expect(pair.nonce).toBe(5);
  });

  it('keeps counting nonces when the client seed changes, so no earlier result can repeat', () => {
    let pair = start();
    const first = nextNonce(pair);
    pair = first.state;
    const changed = setClientSeed(pair, 'other');
    if (!changed.ok) throw new Error(changed.code);
    const back = setClientSeed(changed.value, 'player-seed');
    if (!back.ok) throw new Error(back.code);
    const again = nextNonce(back.value);
    expect(again.seeds.nonce).toBe(1);
    expect(dice(again.seeds)).not.toEqual(dice(first.seeds));
    expect(setClientSeed(pair, '')).toEqual({ ok: false, code: 'INVALID_CLIENT_SEED' });
    expect(setClientSeed(pair, 'has space')).toEqual({ ok: false, code: 'INVALID_CLIENT_SEED' });
    expect(setClientSeed(pair, 'x'.repeat(65))).toEqual({ ok: false, code: 'INVALID_CLIENT_SEED' });
  });

  it('rotation reveals the old seed, activates the committed one and commits a fresh one', () => {
    let pair = start();
    pair = nextNonce(nextNonce(pair).state).state;
    const rotated = rotate(pair, entropy(3));
    if (!rotated.ok) throw new Error(rotated.code);
    const { state, revealed } = rotated.value;
    expect(revealed).toEqual({
      serverSeed: pair.serverSeed,
      serverSeedHash: pair.serverSeedHash,
      clientSeed: 'player-seed',
      betCount: 2,
    });
    expect(serverSeedMatches(revealed.serverSeed, revealed.serverSeedHash)).toBe(true);
    expect(state.serverSeed).toBe(pair.nextServerSeed);
    expect(state.serverSeedHash).toBe(pair.nextServerSeedHash);
    expect(state.nextServerSeedHash).toBe(sha('03'.repeat(32)));
    expect(state.nonce).toBe(0);
    const withNewClient = rotate(state, entropy(4), 'fresh-client');
    expect(withNewClient.ok && withNewClient.value.state.clientSeed).toBe('fresh-client');
  });

  it('refuses weak or repeated entropy', () => {
    expect(commit(new Uint8Array(16), entropy(2), 'c')).toEqual({ ok: false, code: 'INVALID_ENTROPY' });
    expect(commit(entropy(1), entropy(1), 'c')).toEqual({ ok: false, code: 'INVALID_ENTROPY' });
    expect(rotate(start(), entropy(2))).toEqual({ ok: false, code: 'INVALID_ENTROPY' });
    expect(commit(entropy(1), entropy(2), '')).toEqual({ ok: false, code: 'INVALID_CLIENT_SEED' });
  });
});
