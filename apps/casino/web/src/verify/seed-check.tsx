import { useEffect, useState } from 'react';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The SHA-256 of the typed server seed, and — when the page was opened from a bet — whether it is the
 * hash that bet committed to before it was played.
 */
export function SeedCheck({ serverSeed, committedHash }: { serverSeed: string; committedHash?: string }) {
  const [hash, setHash] = useState('');
  useEffect(() => {
    let live = true;
    if (serverSeed === '') setHash('');
    else void sha256Hex(serverSeed).then((value) => live && setHash(value));
    return () => {
      live = false;
    };
  }, [serverSeed]);
  if (serverSeed === '') {
    return committedHash ? (
      <p className="notice">
        This bet&apos;s server seed is still secret: it is revealed when you rotate the server seed in the
        game (Provably fair → Rotate server seed). Then open the bet again from the history, or paste the
        revealed seed here. Committed hash: <span className="mono">{committedHash}</span>
      </p>
    ) : null;
  }
  if (hash === '') return null;
  const matches = committedHash === undefined ? null : hash === committedHash;
  return (
    <p className={`hint${matches === false ? ' error' : ''}`} aria-live="polite">
      SHA-256 of this seed: <span className="mono">{hash}</span>
      {matches === true && <strong className="win"> ✓ matches the hash shown before the bet</strong>}
      {matches === false && <strong> ✗ differs from the hash shown before the bet</strong>}
    </p>
  );
}
