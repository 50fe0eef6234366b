import { configOf, outcomeOf, type EngineProps } from './engine-props.ts';
import { Choice } from './controls.tsx';
import { useSteps } from './use-steps.ts';
import './fantasy.css';

type ShootoutConfig = { zones: number; saves: { saves: number; multiplierHundredths: number }[] };
type ShootoutOutcome = { zone: number; saves: number; covered: number[]; scored: boolean };

const ZONE_NAMES = ['Top left', 'Top centre', 'Top right', 'Bottom left', 'Bottom centre', 'Bottom right'];
const KEEPERS: Readonly<Record<number, string>> = { 1: 'Rookie', 2: 'Pro', 3: 'Legend' };

/** Penalty Shoot-out: choose a keeper, pick a zone of the goal and shoot. */
export default function ShootoutView({ game, round, params, setParams, busy }: EngineProps) {
  const { zones, saves } = configOf<ShootoutConfig>(game);
  const outcome = outcomeOf<ShootoutOutcome>(round);
  const step = useSteps(round?.id, outcome ? 2 : 0, 450);
  const dived = outcome !== null && step >= 1;
  const finished = outcome !== null && step >= 2;
  const chosen = params.saves as number;
  const price = saves.find((option) => option.saves === chosen)?.multiplierHundredths ?? 0;
  return (
    <div className="shootout">
      <div className="goal-frame">
        <div className="goal-mouth" role="group" aria-label="Goal: pick a zone">
          {Array.from({ length: zones }, (_, zone) => {
            const covered = dived && outcome!.covered.includes(zone);
            const shot = outcome?.zone === zone && dived;
            const state = shot ? (finished ? (outcome!.scored ? ' scored' : ' saved') : ' shot') : '';
            return (
              <button
                key={zone}
                type="button"
                className={`zone${params.zone === zone ? ' selected' : ''}${covered ? ' covered' : ''}${state}`}
                aria-pressed={params.zone === zone}
                aria-label={`${ZONE_NAMES[zone]}${covered ? ', covered by the keeper' : ''}`}
                disabled={busy}
                onClick={() => setParams({ ...params, zone })}
              >
                {covered && <span className="glove" aria-hidden="true" />}
                {shot && <span className="kick" aria-hidden="true" />}
              </button>
            );
          })}
        </div>
      </div>
      <p className="scoreline" role="status">
        {outcome === null || !finished
          ? outcome === null
            ? 'Pick a zone, then shoot.'
            : 'The keeper dives…'
          : outcome.scored
            ? 'GOAL!'
            : 'Saved by the keeper.'}
      </p>
      <Choice
        label="Keeper"
        value={chosen}
        options={saves.map((option) => option.saves)}
        disabled={busy}
        format={(value) =>
          `${KEEPERS[value] ?? value} · ${value} zone${value === 1 ? '' : 's'} · ${(
            (saves.find((option) => option.saves === value)?.multiplierHundredths ?? 0) / 100
          ).toFixed(2)}x`
        }
        onChange={(value) => setParams({ ...params, saves: value })}
      />
      <p className="hint">
        A goal pays {(price / 100).toFixed(2)}x: the keeper covers {chosen} of the {zones} zones.
      </p>
    </div>
  );
}
