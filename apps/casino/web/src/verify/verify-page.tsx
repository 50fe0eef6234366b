import { useEffect, useState } from 'react';
import { api, type VerifyFieldForm, type VerifyGameForm } from '../lib/api.ts';
import { AnswerView } from './answer-view.tsx';
import { SeedCheck } from './seed-check.tsx';
import './verify.css';

type Answer = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

const GROUPS: readonly [VerifyGameForm['group'], string][] = [
  ['published', 'Same result as public calculators'],
  ['house', 'Tables and fantasy games'],
];

/** The query the server answers: the game, its inputs and its settings (defaults filled in). */
function queryOf(form: VerifyGameForm, fields: Record<string, string>): URLSearchParams {
  const inputs = form.inputs === 'hash' ? ['hash', 'salt'] : ['serverSeed', 'clientSeed', 'nonce'];
  const query = new URLSearchParams({ game: form.game });
  for (const name of inputs) query.set(name, (fields[name] ?? '').trim());
  for (const field of form.fields) query.set(field.name, fields[field.name] ?? field.default ?? '');
  return query;
}

/** `/verify`: recompute any bet from its revealed seeds, nonce and settings (docs/decisions/0178). */
export default function VerifyPage() {
  const [initial] = useState(() => Object.fromEntries(new URLSearchParams(window.location.search)));
  const [forms, setForms] = useState<VerifyGameForm[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({ game: 'dice', nonce: '0', ...initial });
  const [answer, setAnswer] = useState<Answer | null>(null);
  const form = forms?.find((candidate) => candidate.game === fields.game) ?? forms?.[0];
  const set = (name: string, value: string) => setFields((current) => ({ ...current, [name]: value }));

  const submit = async (chosen: VerifyGameForm, values: Record<string, string>) => {
    const query = queryOf(chosen, values);
    if (values.serverSeedHash) query.set('serverSeedHash', values.serverSeedHash);
    window.history.replaceState(null, '', `/verify?${query.toString()}`);
    const result = await api.verify(query.toString());
    setAnswer(result.ok ? result : { ok: false, message: result.message });
  };

  useEffect(() => {
    void api.verifyGames().then((result) => {
      if (!result.ok) return setLoadError(result.message);
      setForms(result.value.games);
      // A link from the bet history arrives with its inputs: answer at once when the seed is revealed.
      const arrived = result.value.games.find((candidate) => candidate.game === initial.game);
      if (arrived && (initial.serverSeed || initial.hash)) void submit(arrived, { nonce: '0', ...initial });
    });
  }, [initial]);

  const input = (name: string, label: string, extra: { mono?: boolean; numeric?: boolean } = {}) => (
    <div className="field" key={name}>
      <label htmlFor={`verify-${name}`}>{label}</label>
      <input
        id={`verify-${name}`}
        className={extra.mono ? 'mono' : undefined}
        value={fields[name] ?? ''}
        inputMode={extra.numeric ? 'numeric' : undefined}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => set(name, event.target.value)}
      />
    </div>
  );
  const setting = (field: VerifyFieldForm) =>
    field.options ? (
      <div className="field" key={field.name}>
        <label htmlFor={`verify-${field.name}`}>{field.label}</label>
        <select
          id={`verify-${field.name}`}
          value={fields[field.name] ?? field.default ?? field.options[0]}
          onChange={(event) => set(field.name, event.target.value)}
        >
          {field.options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      </div>
    ) : (
      input(field.name, field.label, { numeric: true })
    );

  return (
    <main className="verify-page">
      <h1>Provably fair verifier</h1>
      <p className="hint">
        Every result comes from HMAC-SHA256(server seed, “client seed:nonce:round”) read as a stream of bytes.
        Enter a bet&apos;s revealed server seed, client seed and nonce — or open it from the bet history in
        the game — to recompute its result with the code the game used.
      </p>
      {loadError && (
        <p role="alert" className="error">
          {loadError}
        </p>
      )}
      {forms && form && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit(form, fields);
          }}
        >
          <div className="field">
            <label htmlFor="verify-game">Game</label>
            <select
              id="verify-game"
              value={form.game}
              onChange={(event) => {
                setAnswer(null);
                set('game', event.target.value);
              }}
            >
              {GROUPS.map(([group, label]) => (
                <optgroup key={group} label={label}>
                  {forms
                    .filter((candidate) => candidate.group === group)
                    .map((candidate) => (
                      <option key={candidate.game} value={candidate.game}>
                        {candidate.label}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
          </div>
          {form.inputs === 'hash' ? (
            <>
              {input('hash', 'Round hash', { mono: true })}
              {input('salt', 'Salt', { mono: true })}
            </>
          ) : (
            <>
              {input('serverSeed', 'Server seed (revealed)', { mono: true })}
              <SeedCheck
                serverSeed={(fields.serverSeed ?? '').trim()}
                committedHash={fields.serverSeedHash}
              />
              {input('clientSeed', 'Client seed', { mono: true })}
              {input('nonce', 'Nonce', { numeric: true })}
            </>
          )}
          {form.fields.length > 0 && <div className="row-fields">{form.fields.map(setting)}</div>}
          <button type="submit" className="play">
            Verify
          </button>
        </form>
      )}
      {!forms && !loadError && <p role="status">Loading the games…</p>}
      <div role="status" aria-live="polite">
        {answer?.ok === true && (
          <AnswerView
            answer={answer.value}
            title={`Result: ${forms?.find((candidate) => candidate.game === answer.value.game)?.label ?? ''}`}
            resultLabel={forms?.find((candidate) => candidate.game === answer.value.game)?.resultLabel}
          />
        )}
        {answer?.ok === false && <p className="error verify-error">{answer.message}</p>}
      </div>
    </main>
  );
}
