import { useState } from 'react';
import type { RevealedView, SeedsView } from '../lib/api.ts';

type Props = {
  seeds: SeedsView;
  /** A recent bet's verifier query: its game and settings prefill the link for the revealed seed. */
  recentVerify?: string;
  revealed: RevealedView[];
  roundOpen: boolean;
  onClientSeed(clientSeed: string): Promise<boolean>;
  onRotate(): Promise<void>;
};

/** Provably fair: the committed server seed hash, the player's client seed, the nonce, and rotation. */
export function FairnessPanel({ seeds, recentVerify, revealed, roundOpen, onClientSeed, onRotate }: Props) {
  const [draft, setDraft] = useState(seeds.clientSeed);
  const [working, setWorking] = useState(false);
  const latest = revealed[0];
  return (
    <details className="panel fairness">
      <summary>Provably fair</summary>
      <dl>
        <dt>Server seed (SHA-256)</dt>
        <dd className="mono">{seeds.serverSeedHash}</dd>
        <dt>Next server seed (SHA-256)</dt>
        <dd className="mono">{seeds.nextServerSeedHash}</dd>
        <dt>Nonce (bets with this seed)</dt>
        <dd className="mono">{seeds.nonce}</dd>
      </dl>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setWorking(true);
          void onClientSeed(draft.trim()).finally(() => setWorking(false));
        }}
      >
        <label htmlFor="client-seed">Client seed</label>
        <div className="stake-row">
          <input
            id="client-seed"
            value={draft}
            maxLength={64}
            onChange={(event) => setDraft(event.target.value)}
            spellCheck={false}
          />
          <button type="submit" disabled={working || draft.trim() === seeds.clientSeed}>
            Save
          </button>
        </div>
      </form>
      <button
        type="button"
        className="secondary"
        disabled={working || roundOpen}
        onClick={() => void onRotate()}
      >
        Rotate server seed
      </button>
      {roundOpen && <p className="hint">Finish the open round to rotate.</p>}
      {latest && (
        <div className="revealed">
          <h3>Last revealed seed</h3>
          <p className="mono">{latest.serverSeed}</p>
          <p className="hint">
            Hash {latest.serverSeedHash.slice(0, 16)}…, client seed {latest.clientSeed}, {latest.betCount}{' '}
            bets.{' '}
            <a href={verifierLink(latest, recentVerify)} target="_blank" rel="noreferrer">
              Open the verifier
            </a>
          </p>
        </div>
      )}
    </details>
  );
}

/** The verifier at the first bet of a revealed seed; later bets differ only by their nonce. */
function verifierLink(seed: RevealedView, recentVerify: string | undefined): string {
  const query = new URLSearchParams(recentVerify ?? '');
  query.set('serverSeed', seed.serverSeed);
  query.set('clientSeed', seed.clientSeed);
  query.set('nonce', '0');
  query.set('serverSeedHash', seed.serverSeedHash);
  return `/verify?${query.toString()}`;
}
