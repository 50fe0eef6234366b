import { configOf, outcomeOf, type EngineProps } from './engine-props.ts';
import { Choice } from './controls.tsx';
import { formatMultiplier } from '../lib/money.ts';

type TowerOutcome = {
  difficulty: string;
  columns: number;
  levels: number;
  picks: number[];
  lost: boolean;
  nextMultiplier: number | null;
  safe?: number[][];
};
type TowerConfig = { levels: number; difficulties: string[] };

const COLUMNS: Readonly<Record<string, number>> = { easy: 4, medium: 3, hard: 2, expert: 3, master: 4 };

/** Climb level by level: pick a tile on the current level; a trap ends the climb, cash out any time. */
export default function TowerView({ game, round, params, setParams, busy, act }: EngineProps) {
  const { levels, difficulties } = configOf<TowerConfig>(game);
  const outcome = outcomeOf<TowerOutcome>(round);
  const open = round?.status === 'open';
  const difficulty = open && outcome ? outcome.difficulty : (params.difficulty as string);
  const columns = COLUMNS[difficulty] ?? 3;
  const current = open && outcome ? outcome.picks.length : -1;
  return (
    <div className="tower">
      <ol className="tower-levels" aria-label="Levels, top first" reversed>
        {Array.from({ length: levels }, (_, i) => levels - 1 - i).map((level) => (
          <li key={level} className={level === current ? 'current' : undefined}>
            {Array.from({ length: columns }, (_, column) => {
              const picked = outcome?.picks[level] === column;
              const safe = outcome?.safe?.[level]?.includes(column);
              const trap = outcome?.safe !== undefined && !safe;
              const status = picked
                ? outcome!.lost && level === outcome!.picks.length - 1
                  ? 'trap hit'
                  : 'gem'
                : trap
                  ? 'trap'
                  : safe
                    ? 'safe'
                    : '';
              return (
                <button
                  key={column}
                  type="button"
                  className={`tile ${status}`}
                  disabled={busy || level !== current}
                  aria-label={`Level ${level + 1}, tile ${column + 1}${picked ? ', picked' : ''}`}
                  onClick={() => act({ type: 'pick', column })}
                >
                  <span aria-hidden="true">
                    {picked && status === 'gem' ? '◆' : status.startsWith('trap') ? '✹' : ''}
                  </span>
                </button>
              );
            })}
          </li>
        ))}
      </ol>
      {difficulties.length > 1 && (
        <Choice
          label="Difficulty"
          value={difficulty}
          options={difficulties}
          disabled={busy || open}
          onChange={(value) => setParams({ difficulty: value })}
        />
      )}
      {open && outcome?.nextMultiplier != null && (
        <p className="hint">Next level pays {formatMultiplier(outcome.nextMultiplier)}</p>
      )}
    </div>
  );
}
