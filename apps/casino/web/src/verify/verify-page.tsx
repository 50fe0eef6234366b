import { useEffect, useState } from 'react';
import { api } from '../lib/api.ts';

const GAMES = [
  'dice',
  'limbo',
  'mines',
  'plinko',
  'keno',
  'wheel',
  'hilo',
  'tower',
  'slot',
  'instant-crash',
  'crash',
] as const;

/** The extra inputs each game needs besides the seeds and nonce. */
const EXTRA: Readonly<
  Record<string, readonly { name: string; label: string; options?: readonly string[] }[]>
> = {
  mines: [{ name: 'mines', label: 'Mines (1–24)' }],
  plinko: [
    { name: 'rows', label: 'Rows (8–16)' },
    { name: 'risk', label: 'Risk', options: ['low', 'medium', 'high'] },
  ],
  wheel: [
    { name: 'segments', label: 'Segments', options: ['10', '20', '30', '40', '50'] },
    { name: 'risk', label: 'Risk', options: ['low', 'medium', 'high'] },
  ],
  tower: [
    { name: 'difficulty', label: 'Difficulty', options: ['easy', 'medium', 'hard', 'expert', 'master'] },
  ],
  slot: [{ name: 'title', label: 'Slot title', options: ['fruit-fives', 'gem-vault'] }],
  hilo: [{ name: 'count', label: 'Cards (1–52)' }],
};

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** `/verify`: recompute any result from its revealed seeds, with the same code the games use. */
export default function VerifyPage() {
  const initial = Object.fromEntries(new URLSearchParams(window.location.search));
  const [fields, setFields] = useState<Record<string, string>>({ game: 'dice', nonce: '0', ...initial });
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [seedHash, setSeedHash] = useState('');
  const game = fields.game ?? 'dice';
  const crash = game === 'crash';

  useEffect(() => {
    let live = true;
    void sha256Hex(fields.serverSeed ?? '').then(
      (hash) => live && setSeedHash(fields.serverSeed ? hash : ''),
    );
    return () => {
      live = false;
    };
  }, [fields.serverSeed]);

  const submit = async () => {
    const names = crash
      ? ['game', 'hash', 'salt']
      : ['game', 'serverSeed', 'clientSeed', 'nonce', ...(EXTRA[game] ?? []).map((f) => f.name)];
    const query = new URLSearchParams(
      names.filter((name) => fields[name]).map((name) => [name, fields[name]!]),
    );
    window.history.replaceState(null, '', `/verify?${query.toString()}`);
    const result = await api.verify(query.toString());
    setAnswer(
      result.ok
        ? { ok: true, text: JSON.stringify(result.value, null, 2) }
        : { ok: false, text: result.message },
    );
  };

  // A link from the bet history arrives with its inputs: answer it at once (only on the first render).
  const [arrivedWithInputs] = useState(Boolean(initial.serverSeed || initial.hash));
  useEffect(() => {
    if (arrivedWithInputs) void submit();
  }, [arrivedWithInputs]);

  const input = (name: string, label: string, options?: readonly string[]) => (
    <div className="field" key={name}>
      <label htmlFor={`verify-${name}`}>{label}</label>
      {options ? (
        <select
          id={`verify-${name}`}
          value={fields[name] ?? options[0]}
          onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
        >
          {options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      ) : (
        <input
          id={`verify-${name}`}
          value={fields[name] ?? ''}
          spellCheck={false}
          onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
        />
      )}
    </div>
  );

  return (
    <main className="verify-page">
      <h1>Provably fair verifier</h1>
      <p className="hint">
        Results come from HMAC-SHA256(server seed, “client seed:nonce:round”) read as a byte stream — the
        scheme public casinos publish — so the same inputs give the same result here and in any public
        calculator.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {input('game', 'Game', GAMES)}
        {crash ? (
          <>
            {input('hash', 'Round hash')}
            {input('salt', 'Salt')}
          </>
        ) : (
          <>
            {input('serverSeed', 'Server seed (revealed)')}
            {seedHash && (
              <p className="hint mono" aria-live="polite">
                SHA-256 of this seed: {seedHash}
              </p>
            )}
            {input('clientSeed', 'Client seed')}
            {input('nonce', 'Nonce')}
            {(EXTRA[game] ?? []).map((field) => input(field.name, field.label, field.options))}
          </>
        )}
        <button type="submit" className="play">
          Verify
        </button>
      </form>
      {answer && (
        <pre className={answer.ok ? 'verify-result' : 'error'} role="status">
          {answer.text}
        </pre>
      )}
    </main>
  );
}
