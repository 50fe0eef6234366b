import type { LiveCricketScore } from '@backlay/contracts';
import { runRate } from '../cricket-run-rate.ts';
import { CricketBatters, CricketRuns } from './cricket-score.tsx';

type Props = { cricket: LiveCricketScore; period: string; lastEvent: string };

/**
 * The Live match panel's scoreboard for a cricket match with sports data (docs/decisions/0279): only
 * what the data carries, with the run rate worked out from the runs and overs.
 */
export function CricketBoard({ cricket, period, lastEvent }: Props) {
  const rate = runRate(cricket.runs, cricket.overs);
  return (
    <div className="cricket-board" data-testid="live-cricket">
      <p className="cricket-innings">
        <span className="cricket-team">{cricket.battingTeam ?? period}</span>
        <CricketRuns cricket={cricket} testId="live-cricket-runs" />
        {cricket.battingTeam !== null && <span className="cricket-period">{period}</span>}
      </p>
      <dl className="scoreboard">
        <dt>Overs</dt>
        <dd data-testid="live-cricket-overs">{cricket.overs}</dd>
        <dt>Run rate</dt>
        <dd data-testid="live-cricket-run-rate">{rate ?? '—'}</dd>
        {cricket.batters.length > 0 && (
          <>
            <dt>Batters</dt>
            <dd className="cricket-batters" data-testid="live-cricket-batters">
              <CricketBatters batters={cricket.batters} />
            </dd>
          </>
        )}
        {cricket.earlier.length > 0 && (
          <>
            <dt>Earlier</dt>
            <dd className="cricket-earlier-list">
              {cricket.earlier.map((innings) => (
                <span key={innings}>{innings}</span>
              ))}
            </dd>
          </>
        )}
        {lastEvent && (
          <>
            <dt>Last</dt>
            <dd data-testid="last-event">{lastEvent}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
