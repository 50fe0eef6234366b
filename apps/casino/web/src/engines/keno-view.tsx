import { configOf, outcomeOf, type EngineProps } from './engine-props.ts';
import { RiskChoice } from './risk.tsx';
import { useSteps } from './use-steps.ts';

type KenoOutcome = { drawn: number[]; picks: number[]; hits: number[] };
type KenoConfig = { maxPicks: number; paytables: Record<string, number[][]> };

/** Pick up to ten of forty numbers; ten are drawn; the pay depends on the hits. */
export default function KenoView({ game, round, params, setParams, busy }: EngineProps) {
  const { maxPicks, paytables } = configOf<KenoConfig>(game);
  const picks = params.picks as number[];
  const risk = params.risk as string;
  const outcome = outcomeOf<KenoOutcome>(round);
  const step = useSteps(round?.id, outcome?.drawn.length ?? 0, 120);
  const drawn = new Set(outcome?.drawn.slice(0, step) ?? []);
  const toggle = (n: number) => {
    const next = picks.includes(n)
      ? picks.filter((p) => p !== n)
      : picks.length < maxPicks
        ? [...picks, n]
        : picks;
    setParams({ ...params, picks: next });
  };
  const row = picks.length > 0 ? paytables[risk]![picks.length - 1]! : [];
  return (
    <div className="keno">
      <div className="keno-grid" role="group" aria-label={`Numbers: ${picks.length} of ${maxPicks} picked`}>
        {Array.from({ length: 40 }, (_, i) => i + 1).map((n) => {
          const picked = picks.includes(n);
          const hit = picked && drawn.has(n);
          return (
            <button
              key={n}
              type="button"
              aria-pressed={picked}
              aria-label={`${n}${hit ? ', hit' : drawn.has(n) ? ', drawn' : ''}`}
              className={`keno-number${picked ? ' picked' : ''}${drawn.has(n) ? ' drawn' : ''}${hit ? ' hit' : ''}`}
              disabled={busy}
              onClick={() => toggle(n)}
            >
              {n}
            </button>
          );
        })}
      </div>
      <div className="row-fields">
        <RiskChoice params={params} setParams={setParams} busy={busy} />
        <div className="button-row">
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => setParams({ ...params, picks: randomPicks(maxPicks) })}
          >
            Auto pick
          </button>
          <button
            type="button"
            className="secondary"
            disabled={busy || picks.length === 0}
            onClick={() => setParams({ ...params, picks: [] })}
          >
            Clear
          </button>
        </div>
      </div>
      {row.length > 0 && (
        <ol className="paytable" aria-label="Pays by hits">
          {row.map((pay, hits) => (
            <li
              key={hits}
              className={
                outcome &&
                step >= outcome.drawn.length &&
                outcome.hits.length === hits &&
                outcome.picks.length === picks.length
                  ? 'hit'
                  : undefined
              }
            >
              <span>{hits} hits</span> <strong>{(pay / 100).toFixed(2)}x</strong>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** A quick pick for the player (the draw itself comes from the seeds, not from this). */
function randomPicks(count: number): number[] {
  const pool = Array.from({ length: 40 }, (_, i) => i + 1);
  const chosen: number[] = [];
  const random = new Uint32Array(count);
  crypto.getRandomValues(random);
  for (let i = 0; i < count; i++) chosen.push(pool.splice(random[i]! % pool.length, 1)[0]!);
  return chosen.sort((a, b) => a - b);
}
