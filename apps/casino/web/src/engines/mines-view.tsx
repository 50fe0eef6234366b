import { configOf, outcomeOf, type EngineProps } from './engine-props.ts';
import { Select } from './controls.tsx';
import { formatMultiplier } from '../lib/money.ts';

type MinesOutcome = {
  mines: number;
  revealed: number[];
  hit: number | null;
  nextMultiplier: number | null;
  mineTiles?: number[];
};

/** A 5 × 5 field: open safe tiles to raise the multiplier, cash out before a mine. */
export default function MinesView({ game, round, params, setParams, busy, act }: EngineProps) {
  const { maxMines } = configOf<{ maxMines: number }>(game);
  const outcome = outcomeOf<MinesOutcome>(round);
  const open = round?.status === 'open';
  const counts = Array.from({ length: maxMines }, (_, i) => i + 1);
  return (
    <div className="mines">
      <div className="tile-grid" role="group" aria-label="Mine field">
        {Array.from({ length: 25 }, (_, tile) => {
          const revealed = outcome?.revealed.includes(tile) ?? false;
          const mine = outcome?.mineTiles?.includes(tile) ?? false;
          const hit = outcome?.hit === tile;
          const state = revealed ? 'gem' : mine ? (hit ? 'mine hit' : 'mine') : '';
          const label = `Tile ${tile + 1}${revealed ? ', safe' : mine ? ', mine' : ''}`;
          return (
            <button
              key={tile}
              type="button"
              className={`tile ${state}`}
              aria-label={label}
              disabled={!open || revealed || busy}
              onClick={() => act({ type: 'reveal', tile })}
            >
              <span aria-hidden="true">{revealed ? '◆' : mine ? '✹' : ''}</span>
            </button>
          );
        })}
      </div>
      <Select
        label="Mines"
        value={params.mines as number}
        options={counts}
        disabled={busy || open}
        onChange={(mines) => setParams({ mines })}
      />
      {open && outcome?.nextMultiplier != null && (
        <p className="hint">Next safe tile: {formatMultiplier(outcome.nextMultiplier)}</p>
      )}
    </div>
  );
}
