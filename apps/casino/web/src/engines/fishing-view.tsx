import { configOf, outcomeOf, type EngineProps } from './engine-props.ts';

type FishingOutcome = { fish: string; caught: boolean; payoutMultiplier: number };

type Fish = { id: string; name: string; multiplierHundredths: number };

/** Fish swim across the water; tap one to shoot at it — the bigger the pay, the harder the catch. */
export default function FishingView({ game, round, params, setParams, busy, playWith }: EngineProps) {
  const { fish: school } = configOf<{ fish: Fish[] }>(game);
  const outcome = outcomeOf<FishingOutcome>(round);
  return (
    <div className="fishing">
      <div className="water" role="group" aria-label="Fish: choose one and shoot">
        {school.map(({ id, name, multiplierHundredths }, i) => {
          const pays = multiplierHundredths / 100;
          const last = outcome?.fish === id;
          return (
            <button
              key={id}
              type="button"
              className={`fish${params.fish === id ? ' selected' : ''}${last ? (outcome!.caught ? ' caught' : ' missed') : ''}`}
              style={{ animationDelay: `${-i * 1.7}s`, top: `${6 + (i % 5) * 18}%` }}
              aria-pressed={params.fish === id}
              aria-label={`${name}, pays ${pays}x`}
              disabled={busy}
              onClick={() => {
                setParams({ fish: id });
                playWith({ fish: id });
              }}
            >
              <span className="fish-body" aria-hidden="true">
                ◖{name.slice(0, 1)}◗
              </span>
              <span className="fish-pay">{pays}x</span>
            </button>
          );
        })}
      </div>
      {outcome && (
        <p key={round!.id} className={`shot ${outcome.caught ? 'win' : 'loss'}`}>
          {outcome.caught
            ? `Caught the ${school.find((fish) => fish.id === outcome.fish)?.name}!`
            : 'It got away.'}
        </p>
      )}
      <p className="hint">Tap a fish to shoot at it with your bet, or choose one and press Shoot.</p>
    </div>
  );
}
